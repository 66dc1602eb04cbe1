// respondWith: an answer computed from the typed request, in process, on every world; held to
// respondNext's rules when the function returns it, so an answer the contract forbids (or a
// function that throws) fails the test that wrote it instead of reaching the app.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantStoreMatchers } from "../../../src/matchers/vitest.js";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import type { PlantStoreWorld } from "../../../src/mock/world/world-types.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";

expect.extend(plantStoreMatchers);

const BASE = "http://respond-with.test";
const TOKEN = "respond-with-token";

function world() {
  const handle = createPlantStoreFetchHandler({
    tokens: [TOKEN],
    seed: [{ name: "Fern" }],
    admin: true,
  });
  const send = async (
    target: string,
    init: { body?: object; headers?: Record<string, string> } = {},
  ) => {
    const answer = await handle(
      new Request(`${BASE}${target}`, {
        headers: {
          authorization: `Bearer ${TOKEN}`,
          "content-type": "application/json",
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { method: "POST", body: JSON.stringify(init.body) }),
      }),
    );
    return [answer.status, await answer.json()];
  };
  return { handle, send };
}

describe("respondWith", () => {
  it("answers each request with what the function computes from it, and stores nothing", async () => {
    const { handle, send } = world();
    handle.respondWith("createPlant", (request) =>
      request.body === undefined
        ? undefined
        : {
            status: 201,
            body: { name: request.body.name.toUpperCase() },
            headers: { "x-by": "test" },
          },
    );
    handle.respondWith("listPlants", (request) =>
      request.query.limit === 0 ? { status: 200, body: [{ name: "none asked" }] } : undefined,
    );
    expect(await send("/plants", { body: { name: "Ivy", tag: "vine" } })).toEqual([
      201,
      { name: "IVY" },
    ]);
    expect(await send("/plants?limit=0")).toEqual([200, [{ name: "none asked" }]]);
    // undefined: the contract's own answer.
    expect(await send("/plants")).toEqual([200, [{ name: "Fern" }]]);
    expect(handle.store.size).toBe(1);
    expect(handle.requests().map((entry) => entry.scripted)).toEqual([
      "respondWith",
      "respondWith",
      undefined,
    ]);
  });

  it("comes after the queue, Prefer and chaos, and before the contract's answer", async () => {
    const { handle, send } = world();
    handle.respondWith("listPlants", () => ({ status: 200, body: [] }));
    handle.failNext("listPlants", { status: 503 });
    expect((await send("/plants"))[0]).toBe(503);
    expect((await send("/plants", { headers: { prefer: "code=502" } }))[0]).toBe(502);
    handle.chaos({ rate: 1, seed: 1, failures: [{ status: 504 }] });
    expect((await send("/plants"))[0]).toBe(504);
    handle.chaos(null);
    expect(await send("/plants")).toEqual([200, []]);
  });

  it("a second respondWith on an operation replaces the first", async () => {
    const { handle, send } = world();
    handle.respondWith("listPlants", () => ({ status: 200, body: [{ name: "first" }] }));
    handle.respondWith("listPlants", () => ({ status: 200, body: [{ name: "second" }] }));
    expect(await send("/plants")).toEqual([200, [{ name: "second" }]]);
  });

  it.each<[string, (w: ReturnType<typeof world>) => Promise<unknown>]>([
    ["clearFaults()", async ({ handle }) => handle.clearFaults()],
    ["reset()", async ({ handle }) => handle.reset()],
    [
      "DELETE /__admin/faults",
      ({ handle }) => handle(new Request("http://127.0.0.1/__admin/faults", { method: "DELETE" })),
    ],
    [
      "POST /__admin/reset",
      ({ handle }) =>
        handle(
          new Request("http://127.0.0.1/__admin/reset", {
            method: "POST",
            headers: { "content-type": "application/json" },
          }),
        ),
    ],
  ])("%s removes it", async (_, end) => {
    const w = world();
    w.handle.respondWith("listPlants", () => ({ status: 200, body: [] }));
    await end(w);
    expect(await w.send("/plants")).toEqual([200, [{ name: "Fern" }]]);
  });

  it("a sandbox's reset removes the sandbox's, and leaves the set's", async () => {
    const { handle } = world();
    const sandbox = handle.createSandbox({ seed: [{ name: "Moss" }] });
    const list = (token: string) =>
      handle(new Request(`${BASE}/plants`, { headers: { authorization: `Bearer ${token}` } })).then(
        (answer) => answer.json(),
      );
    handle.respondWith("listPlants", () => ({ status: 200, body: [{ name: "set" }] }));
    sandbox.respondWith("listPlants", () => ({ status: 200, body: [{ name: "sandbox" }] }));
    expect([await list(TOKEN), await list(sandbox.token)]).toEqual([
      [{ name: "set" }],
      [{ name: "sandbox" }],
    ]);
    sandbox.reset();
    expect([await list(TOKEN), await list(sandbox.token)]).toEqual([
      [{ name: "set" }],
      [{ name: "Moss" }],
    ]);
  });
});

describe("what respondWith cannot give becomes a 500 naming the problem, and fails the test", () => {
  it.each<[string, () => unknown, string]>([
    [
      "an answer openapi.yaml forbids",
      () => ({ status: 200, body: [{ name: 5 }] }),
      "respondWith: body[0].name must be a string.",
    ],
    [
      "a status the operation may not answer",
      () => ({ status: 201, body: [] }),
      "respondWith: status must be a status openapi.yaml declares for listPlants: 200, or 400 to 599.",
    ],
    [
      "a field of respondNext's that respondWith has no use for",
      () => ({ status: 200, body: [], times: 2 }),
      'respondWith: unknown option "times"; the options are status, body, headers.',
    ],
    [
      "something that is no answer",
      () => "ok",
      "respondWith: the function for listPlants must return an answer such as { status, body }, or undefined.",
    ],
    [
      "a promise",
      async () => ({ status: 200, body: [] }),
      "respondWith: the function for listPlants returned a promise; return the answer itself (or undefined).",
    ],
    [
      "a function that throws",
      () => {
        throw new Error("Cannot read properties of undefined (reading 'name')");
      },
      "respondWith: the function for listPlants threw: Cannot read properties of undefined (reading 'name')",
    ],
    [
      "a function that throws a token",
      () => {
        throw new Error(`${TOKEN} was not expected`);
      },
      "respondWith: the function for listPlants threw: [redacted]",
    ],
  ])("%s", async (_, respond, problem) => {
    const { handle, send } = world();
    handle.respondWith("listPlants", respond as never);
    expect(await send("/plants")).toEqual([500, { error: 500, message: problem }]);
    const [entry] = handle.requests();
    expect(entry).toMatchObject({ status: 500, scripted: "respondWith", scriptProblem: problem });
    expect(JSON.stringify(handle.requests())).not.toContain(TOKEN);
    // Not the caller's violation, but the test's own: the matcher fails on it.
    expect(handle.violations()).toEqual([]);
    expect(() => expect(handle).toHaveNoContractViolations()).toThrowError(
      `1 contract violation:\n  1: GET /plants 500: ${problem}`,
    );
  });

  it("a create it fails stores nothing", async () => {
    const { handle, send } = world();
    handle.respondWith("createPlant", () => ({
      status: 201,
      body: { name: "Ivy", id: 7 } as never,
    }));
    expect(await send("/plants", { body: { name: "Ivy" } })).toEqual([
      500,
      { error: 500, message: 'respondWith: body must not have the field "id".' },
    ]);
    expect(handle.store.size).toBe(1);
  });
});

describe("respondWith is checked when set", () => {
  const { handle } = world();
  it.each<[string, () => void, string]>([
    [
      "an operation the API does not have",
      () => handle.respondWith("deletePlant" as never, () => undefined),
      'respondWith: unknown operation "deletePlant"; use listPlants or createPlant.',
    ],
    [
      "an answer in place of a function",
      () => handle.respondWith("listPlants", { status: 200, body: [] } as never),
      "respondWith: respond must be a function of the request, such as (request) => ({ status: 200, body: [] }).",
    ],
  ])("refuses %s", (_, set, message) => {
    expect(set).toThrowError(new TypeError(message));
  });
});

describe("on every in-process world", () => {
  let server: PlantStoreServer;
  const msw = createPlantStoreHandlers({ baseUrl: BASE, tokens: [TOKEN], seed: [] });
  const mswServer = setupServer(...msw.handlers);
  beforeAll(async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN], seed: [] });
    mswServer.listen({ onUnhandledRequest: "bypass" });
  });
  afterAll(async () => {
    mswServer.close();
    await server.close();
  });

  it.each<[string, () => { world: PlantStoreWorld; url: string; token: string }]>([
    ["the MSW handler set", () => ({ world: msw, url: BASE, token: TOKEN })],
    ["the server object", () => ({ world: server, url: server.url, token: TOKEN })],
    [
      "a sandbox of the server object",
      () => {
        const sandbox = server.createSandbox();
        return { world: sandbox, url: server.url, token: sandbox.token };
      },
    ],
  ])("%s", async (_, make) => {
    const { world: target, url, token } = make();
    target.respondWith("createPlant", (request) => ({
      status: 200,
      body: { name: `${request.body?.name} (${request.method} ${request.path})` },
    }));
    const answer = await fetch(`${url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ivy" }),
    });
    expect([answer.status, await answer.json()]).toEqual([200, { name: "Ivy (POST /plants)" }]);
    target.reset();
  });
});
