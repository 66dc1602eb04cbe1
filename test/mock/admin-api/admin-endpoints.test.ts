// The admin endpoints of the standalone server, each answer checked against openapi.admin.yaml.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "./support/admin-call.js";

const TOKEN = "admin-test-token";
const OTHER = "admin-test-other";
const SEED = [{ name: "Seed fern", tag: "fern", id: 10 }, { name: "Seed cactus" }];
const SEED_STORED = [
  { id: 10, name: "Seed fern", tag: "fern", public: true },
  { id: 1, name: "Seed cactus", public: true },
];

let server: PlantStoreServer;
let origin: string;

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [TOKEN, OTHER], seed: SEED, admin: true });
  origin = new URL(server.url).origin;
});
afterAll(() => server.close());
beforeEach(async () => {
  expect((await adminCall(origin, "POST", "/__admin/reset")).status).toBe(204);
});

function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token = TOKEN, ...rest } = init;
  return fetch(`${server.url}${path}`, {
    ...rest,
    headers: { authorization: `Bearer ${token}`, ...(rest.headers as Record<string, string>) },
  });
}

function create(body: unknown, token = TOKEN): Promise<Response> {
  return api("/plants", {
    method: "POST",
    token,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("POST /__admin/reset", () => {
  it("puts the seed back, drops pending faults and empties the journal", async () => {
    expect((await create({ name: "Mine" })).status).toBe(201);
    server.failNext("listPlants", { status: 503 });
    expect(server.requests()).toHaveLength(1);

    const answer = await adminCall(origin, "POST", "/__admin/reset");
    expect(answer.status).toBe(204);
    expect(server.store.entries().map((plant) => plant.name)).toEqual(["Seed fern", "Seed cactus"]);
    expect(server.requests()).toEqual([]);
    const list = await api("/plants");
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([
      { name: "Seed fern", tag: "fern" },
      { name: "Seed cactus" },
    ]);
  });
});

describe("POST /__admin/faults and DELETE /__admin/faults", () => {
  it("fails the next create once with the status, message and headers given", async () => {
    const answer = await adminCall(origin, "POST", "/__admin/faults", {
      body: {
        operation: "createPlant",
        status: 503,
        message: "The store is restarting.",
        headers: { "Retry-After": "1" },
      },
    });
    expect(answer.status).toBe(204);

    const failed = await create({ name: "Too soon" });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("1");
    expect(await failed.json()).toEqual({ error: 503, message: "The store is restarting." });
    expect((await create({ name: "In time" })).status).toBe(201);
    expect(server.store.entries().map((plant) => plant.name)).toEqual([
      "Seed fern",
      "Seed cactus",
      "In time",
    ]);
  });

  it('fails the given number of times, and until cleared with times: "Infinity"', async () => {
    await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "listPlants", status: 500, times: 2 },
    });
    expect((await api("/plants")).status).toBe(500);
    expect((await api("/plants")).status).toBe(500);
    expect((await api("/plants")).status).toBe(200);

    await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "listPlants", status: 429, times: "Infinity" },
    });
    for (let i = 0; i < 5; i++) expect((await api("/plants")).status).toBe(429);
    expect((await adminCall(origin, "DELETE", "/__admin/faults")).status).toBe(204);
    expect((await api("/plants")).status).toBe(200);
  });

  it("fails with 500 when a fault gives no status and no delayMs, as failNext(operation) does", async () => {
    const answer = await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "createPlant", times: 2 },
    });
    expect(answer.status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const failed = await create({ name: "Refused" });
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({
        error: 500,
        message: "createPlant failed with status 500 (simulated by failNext).",
      });
    }
    expect((await create({ name: "In time" })).status).toBe(201);
  });

  it("delays the next list by delayMs, then answers normally", async () => {
    await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "listPlants", delayMs: 150 },
    });
    expect((await api("/plants")).status).toBe(200);
    expect((await api("/plants")).status).toBe(200);
    const [delayed] = server.requests();
    // The journal's duration includes the delay: a lower bound only, never an upper one.
    // Timers may fire up to a millisecond before a high-resolution clock says they are due.
    expect(delayed?.durationMs).toBeGreaterThanOrEqual(149);
  });

  it("waits, then fails, when a fault has both delayMs and status", async () => {
    await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "createPlant", delayMs: 100, status: 502 },
    });
    expect((await create({ name: "Slow failure" })).status).toBe(502);
    expect(server.requests()[0]?.durationMs).toBeGreaterThanOrEqual(99);
    expect((await create({ name: "Fine" })).status).toBe(201);
  });
});

describe("GET /__admin/requests and DELETE /__admin/requests", () => {
  it("lists the API requests oldest first, with the create's body, never a token", async () => {
    await api("/plants?limit=1");
    await create({ name: "Journaled", tag: "log", extra: true });
    await api("/plants", { token: "not-a-known-token" });
    await api("/nowhere");
    // Admin requests and the landing page are not API requests.
    await adminCall(origin, "GET", "/__admin/plants");
    await fetch(`${origin}/`, { headers: { accept: "text/html" } });

    const answer = await adminCall(origin, "GET", "/__admin/requests");
    expect(answer.status).toBe(200);
    const entries = answer.body as Record<string, unknown>[];
    expect(entries.map(({ durationMs, time, seq, ...rest }) => rest)).toEqual([
      { operation: "listPlants", method: "GET", path: "/plants", query: { limit: 1 }, status: 200 },
      {
        operation: "createPlant",
        method: "POST",
        path: "/plants",
        query: {},
        status: 201,
        body: { name: "Journaled", tag: "log", extra: true },
      },
      {
        operation: "listPlants",
        method: "GET",
        path: "/plants",
        query: {},
        status: 401,
        violation: "The bearer token in the Authorization header is not accepted.",
      },
      {
        operation: null,
        method: "GET",
        path: "/nowhere",
        query: {},
        status: 404,
        violation: "The request path is not part of the Plant Store API; use /plants.",
      },
    ]);
    const seqs = entries.map((entry) => entry.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const entry of entries) {
      expect(Date.parse(entry.time as string)).toBeLessThanOrEqual(Date.now());
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("not-a-known-token");
    // The in-process journal is the same one.
    expect(server.requests()).toEqual(answer.body);
  });

  it("empties the journal on DELETE", async () => {
    await api("/plants");
    expect((await adminCall(origin, "DELETE", "/__admin/requests")).status).toBe(204);
    expect((await adminCall(origin, "GET", "/__admin/requests")).body).toEqual([]);
    await api("/plants?limit=0");
    expect(server.requests().map((entry) => entry.query)).toEqual([{ limit: 0 }]);
    server.clearRequests();
    expect(server.requests()).toEqual([]);
  });
});

describe("GET /__admin/plants and PUT /__admin/plants", () => {
  it("lists every stored plant with its id and visibility, never its owner", async () => {
    await create({ name: "Mine", id: 77 });
    await create({ name: "Theirs", tag: "other" }, OTHER);
    const answer = await adminCall(origin, "GET", "/__admin/plants");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      ...SEED_STORED,
      { id: 77, name: "Mine", public: false },
      { id: 2, name: "Theirs", tag: "other", public: false },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
  });

  it("replaces the store with public plants, assigning the missing ids, and answers the contents", async () => {
    const answer = await adminCall(origin, "PUT", "/__admin/plants", {
      body: [
        { name: "Loaded one", id: 2 },
        { name: "Loaded two", tag: "t" },
        { name: "Three", public: true },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: 2, name: "Loaded one", public: true },
      { id: 1, name: "Loaded two", tag: "t", public: true },
      { id: 3, name: "Three", public: true },
    ]);
    const list = await api("/plants", { token: OTHER });
    expect(await list.json()).toEqual([
      { name: "Loaded one" },
      { name: "Loaded two", tag: "t" },
      { name: "Three" },
    ]);
    // A create after the load gets the next free id; a reset goes back to the seed.
    await create({ name: "After load" });
    expect(server.store.entries().at(-1)).toMatchObject({ id: 4, name: "After load" });
    await adminCall(origin, "POST", "/__admin/reset");
    expect((await adminCall(origin, "GET", "/__admin/plants")).body).toEqual(SEED_STORED);
  });

  it("empties the store with an empty array", async () => {
    expect((await adminCall(origin, "PUT", "/__admin/plants", { body: [] })).body).toEqual([]);
    expect(await (await api("/plants")).json()).toEqual([]);
  });
});

describe("admin answers", () => {
  it("carry no CORS headers, while the API's do", async () => {
    const admin = await adminCall(origin, "GET", "/__admin/requests");
    expect(admin.headers.get("access-control-allow-origin")).toBeNull();
    expect((await api("/plants")).headers.get("access-control-allow-origin")).toBe("*");
  });
});
