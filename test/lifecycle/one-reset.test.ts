// One reset() on every world: store back to its seed, every scenario cleared and every waiting
// request ended, journal emptied, coverage kept. The fetch handler, the MSW handler set and the
// server object gain it; sandboxes and the admin client had it.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { activeTimers, until } from "../support/event-loop.js";
import { sendHeldListOverHttp } from "./support/serving-paths.js";

const TOKEN = "reset-token";
const SEED = [{ name: "Seed fern", tag: "fern" }];
const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };

const msw = createPlantStoreHandlers({ baseUrl: "http://reset-msw.test", seed: SEED });
const mswServer = setupServer(...msw.handlers);
let server: PlantStoreServer;
beforeAll(async () => {
  mswServer.listen({ onUnhandledRequest: "bypass" });
  server = await startPlantStoreServer({ tokens: [TOKEN], seed: SEED });
});
afterAll(async () => {
  mswServer.close();
  await server.close();
});

const fetchHandler = createPlantStoreFetchHandler({ seed: SEED });
const inProcess = (send: (init?: RequestInit) => Promise<Response>) => async () => {
  // A list is decided as it is handled, and its delay then holds a timer.
  const timers = activeTimers();
  const outcome = outcomeOf(send());
  await until(() => activeTimers() > timers, "the list waits out its delay");
  // Wrapped: an async function returning the bare promise would wait for it.
  return { outcome };
};
const worlds = {
  "the fetch handler": {
    world: () => fetchHandler,
    send: (init: RequestInit = {}) =>
      fetchHandler(new Request("http://reset.test/plants", { headers, ...init })),
    sendHeld: inProcess((init = {}) =>
      fetchHandler(new Request("http://reset.test/plants", { headers, ...init })),
    ),
  },
  "the MSW handler set": {
    world: () => msw,
    send: (init: RequestInit = {}) => fetch("http://reset-msw.test/plants", { headers, ...init }),
    sendHeld: inProcess((init = {}) => fetch("http://reset-msw.test/plants", { headers, ...init })),
  },
  "the server object": {
    world: () => server,
    send: (init: RequestInit = {}) => fetch(`${server.url}/plants`, { headers, ...init }),
    sendHeld: () => sendHeldListOverHttp(server.url, TOKEN, () => server.requests()),
  },
};

function outcomeOf(answer: Promise<Response>): Promise<number | "dropped"> {
  return answer.then(
    (response) => response.status,
    () => "dropped",
  );
}

describe.each(Object.keys(worlds) as (keyof typeof worlds)[])("%s", (name) => {
  it("reset(): store to its seed, scenarios cleared, waiting requests ended, journal emptied, coverage kept", async () => {
    const { world: get, send } = worlds[name];
    const world = get();
    world.store.create(TOKEN, { name: "Made in the test" });
    expect((await send({ method: "POST", body: '{"name":"Created"}' })).status).toBe(201);
    world.failNext("createPlant", { status: 503, times: Number.POSITIVE_INFINITY });
    world.respondNext("listPlants", { status: 200, body: [], times: Number.POSITIVE_INFINITY });
    world.chaos({ rate: 1, seed: 1, failures: [{ status: 500 }] });
    world.delayNext("listPlants", 60_000);
    const waiting = (await worlds[name].sendHeld()).outcome;
    const covered = world.coverage().filter((row) => row.count > 0);

    world.reset();

    expect(await waiting).toBe("dropped");
    expect(world.store.entries()).toEqual([{ id: 1, name: "Seed fern", tag: "fern", owner: null }]);
    expect(world.requests()).toEqual([]);
    expect(world.coverage().filter((row) => row.count > 0)).toEqual(covered);
    // Nothing scripted is left: the contract answers again.
    const list = await send();
    expect([list.status, await list.json()]).toEqual([200, [{ name: "Seed fern", tag: "fern" }]]);
    expect((await send({ method: "POST", body: '{"name":"After"}' })).status).toBe(201);
    world.reset();
  });
});
