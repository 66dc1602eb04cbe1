// @vitest-environment test-tools-jsdom
// SWR with the two documented lines (apps/swr-plants.tsx): the key and the fetcher come from one
// client's queries, so two callers never share a cache entry, and SWR leaves the retries to the
// SDK.
import { render, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { createElement, Fragment } from "react";
import { SWRConfig } from "swr";
import { afterAll, beforeAll, describe, test, vi } from "vitest";
import { createPlantStoreClient } from "../../src/client/index.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { createPlantStoreQueries, type PlantStoreQueries } from "../../src/tanstack-query/index.js";
import { SwrPlants } from "./apps/swr-plants.js";

const baseUrl = "https://plant-store.test/v1";
const plantStore = createPlantStoreHandlers({ baseUrl, seed: [{ name: "Boston fern" }] });
const server = setupServer(...plantStore.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

/**
 * The lists under one SWR cache that this render alone uses; `onErrorRetry` is what SWR calls
 * when it would retry a failed fetch on its own.
 */
function renderLists(lists: PlantStoreQueries[], onErrorRetry = () => {}) {
  const view = render(
    createElement(
      SWRConfig,
      { value: { provider: () => new Map(), onErrorRetry } },
      lists.map((queries, index) =>
        createElement(Fragment, { key: index }, createElement(SwrPlants, { queries })),
      ),
    ),
  );
  return { ...view, screen: within(view.container) };
}

const names = (items: HTMLElement[]) => items.map((item) => item.textContent);

describe("SWR with a key and a fetcher from plant-store-sdk/tanstack-query", () => {
  test.concurrent("keeps two callers' plants apart in one cache", async ({ expect }) => {
    const sandbox = plantStore.createSandbox();
    const alice = createPlantStoreClient({ baseUrl, token: sandbox.token });
    const bob = createPlantStoreClient({ baseUrl, token: sandbox.createToken() });
    await alice.createPlant({ name: "Alice's aloe" });
    const { screen, unmount } = renderLists([
      createPlantStoreQueries(alice),
      createPlantStoreQueries(bob),
    ]);
    await expect
      .poll(() => names(screen.queryAllByRole("listitem")))
      .toEqual(["Boston fern", "Alice's aloe", "Boston fern"]);
    unmount();
    sandbox.close();
  });

  test.concurrent("shows an outage after the SDK's three requests, with no retries of SWR's", async ({
    expect,
  }) => {
    const sandbox = plantStore.createSandbox();
    sandbox.failNext("listPlants", { status: 503, message: "Repotting.", times: Infinity });
    const client = createPlantStoreClient({
      baseUrl,
      token: sandbox.token,
      retries: { maxDelay: 0 },
    });
    const swrRetries = vi.fn();
    const { screen, unmount } = renderLists([createPlantStoreQueries(client)], swrRetries);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not load the plants: Repotting. (503)",
    );
    expect(sandbox.requests().map((entry) => entry.status)).toEqual([503, 503, 503]);
    expect(swrRetries).not.toHaveBeenCalled();
    unmount();
    sandbox.close();
  });
});
