// @vitest-environment test-tools-jsdom
// A React 19 app on @tanstack/react-query (apps/react-plants.tsx) against the package's MSW
// handlers, in jsdom: what a user of the app sees, each test in a sandbox of its own.
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { render, waitFor, within } from "@testing-library/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, test } from "vitest";
import { createPlantStoreClient } from "../../src/client/index.js";
import { createPlantStoreQueries } from "../../src/tanstack-query/index.js";
import { App } from "./apps/react-plants.js";
import { baseUrl, SEED, servePlantStore } from "./support/plant-store-world.js";

const { plantStore, world } = servePlantStore(() => new QueryClient());

function renderApp(props: Parameters<typeof App>[0], container?: HTMLElement) {
  const view = render(createElement(App, props), container && { container, hydrate: true });
  return { ...view, screen: within(view.container) };
}

const names = (items: HTMLElement[]) => items.map((item) => item.textContent);

describe("a React app on plant-store-sdk/tanstack-query", () => {
  test.concurrent("lists the plants", async ({ expect }) => {
    const { sandbox, queries, queryClient } = world();
    const { screen, unmount } = renderApp({ queryClient, lists: { mine: queries } });
    expect(screen.getByRole("status").textContent).toBe("Loading plants…");
    expect(names(await screen.findAllByRole("listitem"))).toEqual(["Boston fern", "Snake plant"]);
    unmount();
    sandbox.close();
  });

  test.concurrent("shows a created plant in the list without writing onSuccess", async ({
    expect,
  }) => {
    const { sandbox, queries, queryClient } = world();
    const { screen, unmount } = renderApp({ queryClient, lists: { mine: queries } });
    await screen.findAllByRole("listitem");
    const input = screen.getByLabelText("Name") as HTMLInputElement;
    input.value = "Calathea";
    screen.getByRole("button", { name: "Add plant" }).click();
    await waitFor(() => expect(names(screen.getAllByRole("listitem"))).toContain("Calathea"));
    expect(names(screen.getAllByRole("listitem"))).toEqual([
      ...SEED.map((p) => p.name),
      "Calathea",
    ]);
    expect(sandbox.requests().map((entry) => `${entry.method} ${entry.status}`)).toEqual([
      "GET 200",
      "POST 201",
      "GET 200",
    ]);
    unmount();
    sandbox.close();
  });

  test.concurrent("rides out a 503 with the SDK's retries: three requests, then the list", async ({
    expect,
  }) => {
    const { sandbox, queries, queryClient } = world();
    sandbox.failNext("listPlants", { status: 503, times: 2 });
    const { screen, unmount } = renderApp({ queryClient, lists: { mine: queries } });
    expect(names(await screen.findAllByRole("listitem"))).toEqual(["Boston fern", "Snake plant"]);
    expect(sandbox.requests().map((entry) => entry.status)).toEqual([503, 503, 200]);
    unmount();
    sandbox.close();
  });

  test.concurrent("shows an outage that outlasts the retries after exactly three requests", async ({
    expect,
  }) => {
    const { sandbox, queries, queryClient } = world();
    sandbox.failNext("listPlants", {
      status: 503,
      message: "The store is being repotted.",
      times: Number.POSITIVE_INFINITY,
    });
    const { screen, unmount } = renderApp({ queryClient, lists: { mine: queries } });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not load the plants: The store is being repotted. (503)",
    );
    expect(sandbox.requests().map((entry) => entry.status)).toEqual([503, 503, 503]);
    unmount();
    sandbox.close();
  });

  test.concurrent("shows a 401 to the user, asked once", async ({ expect }) => {
    const { sandbox, queryClient } = world();
    const expired = plantStore.createSandbox();
    expired.close(); // its token now gets 401 everywhere
    const client = createPlantStoreClient({ baseUrl, token: expired.token });
    const { screen, unmount } = renderApp({
      queryClient,
      lists: { mine: createPlantStoreQueries(client) },
    });
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^Could not load the plants: .+ \(401\)$/,
    );
    expect(queryClient.getQueryCache().getAll()[0]?.state.fetchFailureCount).toBe(1);
    unmount();
    sandbox.close();
  });

  test.concurrent("aborts the list of a component unmounted mid-flight, and stores nothing", async ({
    expect,
  }) => {
    const sent: Request[] = [];
    const { sandbox, queries, queryClient } = world({
      fetch: (request) => {
        sent.push(request);
        return fetch(request);
      },
    });
    sandbox.delayNext("listPlants", 300);
    const { unmount } = renderApp({ queryClient, lists: { mine: queries } });
    await expect.poll(() => sent.length).toBe(1);
    unmount();
    expect(sent[0]?.signal.aborted).toBe(true);
    // The store still answers the request it got; the app keeps nothing of it.
    await expect.poll(() => sandbox.requests().length, { timeout: 5_000 }).toBe(1);
    expect(queryClient.getQueryData(queries.listPlants().queryKey)).toBeUndefined();
    expect(queryClient.getQueryState(queries.listPlants().queryKey)).toMatchObject({
      status: "pending",
      fetchStatus: "idle",
    });
    sandbox.close();
  });

  test.concurrent("keeps two callers' plants apart in one QueryClient", async ({ expect }) => {
    const { sandbox, client: alice, queryClient } = world();
    const bob = createPlantStoreClient({ baseUrl, token: sandbox.createToken() });
    await alice.createPlant({ name: "Alice's aloe" });
    await bob.createPlant({ name: "Bob's bonsai" });
    const { screen, unmount } = renderApp({
      queryClient,
      lists: { alice: createPlantStoreQueries(alice), bob: createPlantStoreQueries(bob) },
    });
    const listOf = async (label: string) =>
      names(await within(screen.getByRole("region", { name: label })).findAllByRole("listitem"));
    expect(await listOf("alice")).toEqual(["Boston fern", "Snake plant", "Alice's aloe"]);
    expect(await listOf("bob")).toEqual(["Boston fern", "Snake plant", "Bob's bonsai"]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    unmount();
    sandbox.close();
  });

  test.concurrent("hydrates what the server rendered, with the same scope, without a second request", async ({
    expect,
  }) => {
    const { sandbox } = world();
    // On the server: the user's client, the list prefetched, the page rendered and dehydrated.
    const onServer = createPlantStoreClient({ baseUrl, token: sandbox.token });
    const serverQueries = createPlantStoreQueries(onServer, { scope: "user-42" });
    const serverQueryClient = new QueryClient();
    await serverQueryClient.prefetchQuery(serverQueries.listPlants());
    const html = renderToString(
      createElement(App, { queryClient: serverQueryClient, lists: { mine: serverQueries } }),
    );
    const sentState = JSON.stringify(dehydrate(serverQueryClient));

    // In the browser: a new client and new queries with the same scope, and a QueryClient that
    // (as TanStack's SSR guide says) does not count data a moment old as stale.
    const inBrowser = createPlantStoreClient({ baseUrl, token: sandbox.token });
    const browserQueryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: 60_000 } },
    });
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const { screen, unmount } = renderApp(
      {
        queryClient: browserQueryClient,
        dehydratedState: JSON.parse(sentState),
        lists: { mine: createPlantStoreQueries(inBrowser, { scope: "user-42" }) },
      },
      container,
    );
    expect(names(screen.getAllByRole("listitem"))).toEqual(["Boston fern", "Snake plant"]);
    expect(browserQueryClient.isFetching()).toBe(0);
    expect(sandbox.requests()).toHaveLength(1);
    unmount();
    sandbox.close();
  });
});
