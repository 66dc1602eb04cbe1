// The options objects of plant-store-sdk/tanstack-query in TanStack's own QueryClient (query-core,
// no framework): keys, option checks, which layer retries, invalidation and the signal. The
// React and Vue apps (react-app.test.ts, vue-app.test.ts) show the same rules on screen.
import { QueryClient } from "@tanstack/query-core";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { createPlantStoreClient, type PlantStoreClient } from "../../src/client/index.js";
import type { ErrorStatus } from "../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { createPlantStoreQueries } from "../../src/tanstack-query/index.js";

const baseUrl = "https://plant-store.test/v1";
const plantStore = createPlantStoreHandlers({ baseUrl, seed: [{ name: "Fern" }] });
const server = setupServer(...plantStore.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

/** A sandbox of its own, a client in it (no backoff waits) and a QueryClient. */
function world(seed = [{ name: "Fern" }]) {
  const sandbox = plantStore.createSandbox({ seed });
  const client = createPlantStoreClient({
    baseUrl,
    token: sandbox.token,
    retries: { maxDelay: 0 },
  });
  return { sandbox, client, queryClient: new QueryClient() };
}

describe("keys", () => {
  const client = createPlantStoreClient({ baseUrl: `${baseUrl}/`, token: "secret-token-1" });

  it("hold the base URL and the scope, and never the token", () => {
    const queries = createPlantStoreQueries(client, { scope: "user-7" });
    expect(queries.listPlants({ limit: 2 }).queryKey).toEqual([
      "plant-store-sdk",
      baseUrl,
      { scope: "user-7" },
      "plants",
      { limit: 2 },
    ]);
    expect(queries.keys.plants).toEqual([
      "plant-store-sdk",
      baseUrl,
      { scope: "user-7" },
      "plants",
    ]);
    expect(queries.createPlant().mutationKey).toEqual([...queries.keys.all, "createPlant"]);
    expect(JSON.stringify([queries.keys, queries.listPlants().queryKey])).not.toContain("secret");
  });

  it("name a client without a scope by the client object: the same for it, another for the next", () => {
    const other = createPlantStoreClient({ baseUrl, token: "secret-token-2" });
    const first = createPlantStoreQueries(client).keys.all;
    expect(createPlantStoreQueries(client).keys.all).toEqual(first);
    expect(createPlantStoreQueries(other).keys.all).not.toEqual(first);
    expect(first[2]).toEqual({ client: expect.stringMatching(/^[a-z0-9]+$/) });
  });

  it("list without a limit under one key, however it is spelt", () => {
    const queries = createPlantStoreQueries(client);
    const key = queries.listPlants().queryKey;
    expect(queries.listPlants({}).queryKey).toEqual(key);
    expect(queries.listPlants({ limit: undefined }).queryKey).toEqual(key);
    expect(key.at(-1)).toEqual({});
  });
});

describe("options are checked where they enter", () => {
  const client = createPlantStoreClient({ baseUrl, token: "t" });
  it.each([
    [undefined, TypeError, "client must be a client from createPlantStoreClient"],
    [{ listPlants() {} }, TypeError, "client must be a client from createPlantStoreClient"],
  ])("refuses the client %o", (value, errorClass, message) => {
    const call = () => createPlantStoreQueries(value as unknown as PlantStoreClient);
    expect(call).toThrow(errorClass);
    expect(call).toThrow(message);
  });

  it.each([
    [{ scope: "" }, TypeError, "scope must be a non-empty string"],
    [{ scope: 7 }, TypeError, "scope must be a non-empty string"],
    [{ scop: "u1" }, TypeError, 'Unknown option "scop"; the options are scope.'],
    [null, TypeError, "options must be an object."],
  ])("refuses the options %o", (options, errorClass, message) => {
    const call = () => createPlantStoreQueries(client, options as never);
    expect(call).toThrow(errorClass);
    expect(call).toThrow(message);
  });

  it.each([
    [{ limit: -1 }, RangeError, "limit must be an integer from 0 to 2147483647"],
    [{ limit: 1.5 }, RangeError, "limit must be an integer from 0 to 2147483647"],
    [{ offset: 1 }, TypeError, "params must be an object with limit only"],
  ])("refuses listPlants(%o) before any query runs", (params, errorClass, message) => {
    const call = () => createPlantStoreQueries(client).listPlants(params as never);
    expect(call).toThrow(errorClass);
    expect(call).toThrow(message);
  });

  it.each([
    [{ invalidate: "no" }, TypeError, "invalidate must be true or false"],
    [
      { refetch: false },
      TypeError,
      'createPlant: unknown option "refetch"; the options are invalidate.',
    ],
  ])("refuses createPlant(%o)", (options, errorClass, message) => {
    const call = () => createPlantStoreQueries(client).createPlant(options as never);
    expect(call).toThrow(errorClass);
    expect(call).toThrow(message);
  });
});

describe("one layer retries: the SDK's", () => {
  test.concurrent("a 503 outage sends 1 + the client's retries requests, then fails", async () => {
    const { sandbox, client, queryClient } = world();
    sandbox.failNext("listPlants", { status: 503, times: Number.POSITIVE_INFINITY });
    const queries = createPlantStoreQueries(client);
    await expect(queryClient.fetchQuery(queries.listPlants())).rejects.toMatchObject({
      status: 503,
    });
    expect(sandbox.requests().map((entry) => entry.status)).toEqual([503, 503, 503]);
    sandbox.close();
  });

  test.concurrent("even where the app's QueryClient asks TanStack to retry every query", async () => {
    const { sandbox, client } = world();
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: 3, retryDelay: 0 }, mutations: { retry: 3 } },
    });
    sandbox.failNext("listPlants", { status: 503, times: Number.POSITIVE_INFINITY });
    sandbox.failNext("createPlant", { status: 503, times: Number.POSITIVE_INFINITY });
    const queries = createPlantStoreQueries(client);
    await expect(queryClient.fetchQuery(queries.listPlants())).rejects.toMatchObject({
      status: 503,
    });
    const create = queryClient.getMutationCache().build(queryClient, queries.createPlant());
    await expect(create.execute({ name: "Ivy" })).rejects.toMatchObject({ status: 503 });
    expect(sandbox.requests().map((entry) => `${entry.method} ${entry.status}`)).toEqual([
      "GET 503",
      "GET 503",
      "GET 503",
      "POST 503",
    ]);
    sandbox.close();
  });

  test.concurrent.each<ErrorStatus>([400, 401, 404, 409, 413, 415, 422])(
    "a %i is sent once",
    async (status) => {
      const { sandbox, client, queryClient } = world();
      sandbox.failNext("listPlants", { status, times: Number.POSITIVE_INFINITY });
      const queries = createPlantStoreQueries(client);
      await expect(queryClient.fetchQuery(queries.listPlants())).rejects.toMatchObject({ status });
      expect(sandbox.requests()).toHaveLength(1);
      sandbox.close();
    },
  );

  test.concurrent.each<ErrorStatus>([408, 429])("a %i is retried like a 503", async (status) => {
    const { sandbox, client, queryClient } = world();
    sandbox.failNext("listPlants", { status, times: 2 });
    const queries = createPlantStoreQueries(client);
    expect(await queryClient.fetchQuery(queries.listPlants())).toEqual([{ name: "Fern" }]);
    expect(sandbox.requests().map((entry) => entry.status)).toEqual([status, status, 200]);
    sandbox.close();
  });
});

describe("a create invalidates this client's lists", () => {
  test.concurrent("every list of this client, whatever its limit, and no other client's", async () => {
    const { sandbox, client, queryClient } = world();
    const bystander = createPlantStoreClient({ baseUrl, token: sandbox.createToken() });
    const queries = createPlantStoreQueries(client);
    const theirs = createPlantStoreQueries(bystander);
    await queryClient.fetchQuery(queries.listPlants());
    await queryClient.fetchQuery(queries.listPlants({ limit: 1 }));
    await queryClient.fetchQuery(theirs.listPlants());

    const create = queryClient.getMutationCache().build(queryClient, queries.createPlant());
    expect(await create.execute({ name: "Ivy", tag: "vine" })).toEqual({
      name: "Ivy",
      tag: "vine",
    });

    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(state(queries.listPlants().queryKey)).toBe(true);
    expect(state(queries.listPlants({ limit: 1 }).queryKey)).toBe(true);
    expect(state(theirs.listPlants().queryKey)).toBe(false);
    sandbox.close();
  });

  test.concurrent("not with invalidate: false", async () => {
    const { sandbox, client, queryClient } = world();
    const queries = createPlantStoreQueries(client);
    await queryClient.fetchQuery(queries.listPlants());
    const options = queries.createPlant({ invalidate: false });
    await queryClient.getMutationCache().build(queryClient, options).execute({ name: "Ivy" });
    expect(queryClient.getQueryState(queries.listPlants().queryKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData(queries.listPlants().queryKey)).toEqual([{ name: "Fern" }]);
    sandbox.close();
  });

  test.concurrent("and keeps the mutation pending until an observed list holds the plant", async () => {
    const { sandbox, client, queryClient } = world();
    const queries = createPlantStoreQueries(client);
    const { QueryObserver } = await import("@tanstack/query-core");
    const observer = new QueryObserver(queryClient, queries.listPlants());
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().data).toEqual([{ name: "Fern" }]);
    await queryClient.getMutationCache().build(queryClient, queries.createPlant()).execute({
      name: "Ivy",
    });
    expect(observer.getCurrentResult().data).toEqual([{ name: "Fern" }, { name: "Ivy" }]);
    unsubscribe();
    sandbox.close();
  });
});

describe("TanStack's signal reaches the SDK", () => {
  test.concurrent("cancelling a query aborts its request and stores nothing", async () => {
    const { sandbox, queryClient } = world();
    const sent: Request[] = [];
    const client = createPlantStoreClient({
      baseUrl,
      token: sandbox.token,
      fetch: (request) => {
        sent.push(request);
        return fetch(request);
      },
    });
    sandbox.delayNext("listPlants", 60_000);
    const queries = createPlantStoreQueries(client);
    const pending = queryClient.fetchQuery(queries.listPlants());
    await expect.poll(() => sent.length).toBe(1);
    await queryClient.cancelQueries({ queryKey: queries.keys.plants });
    await expect(pending).rejects.toThrow();
    expect(sent[0]?.signal.aborted).toBe(true);
    expect(queryClient.getQueryData(queries.listPlants().queryKey)).toBeUndefined();
    sandbox.close();
  });
});
