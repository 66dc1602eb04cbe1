import { afterEach, describe, expect, it, vi } from "vitest";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";

const BASE = "http://mock.test";
const CLOSED = {
  error: 401,
  message:
    "The bearer token in the Authorization header is a sandbox token (psb_...) whose sandbox is closed or expired (or never existed); create a new sandbox.",
};

function list(handle: (r: Request) => Promise<Response>, token: string): Promise<Response> {
  return handle(new Request(`${BASE}/plants`, { headers: { authorization: `Bearer ${token}` } }));
}

function create(handle: (r: Request) => Promise<Response>, token: string, name: string) {
  return handle(
    new Request(`${BASE}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    }),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("sandboxes on the fetch handler", () => {
  it("mints psb_ tokens of at least 128 bits of base64url randomness, and ids that are not tokens", () => {
    const handle = createPlantStoreFetchHandler();
    const a = handle.createSandbox();
    const b = handle.createSandbox();
    expect(a.token).toMatch(/^psb_[A-Za-z0-9_-]{22,}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.id).not.toBe(b.id);
    expect(a.token).not.toContain(a.id);
  });

  it("keeps each sandbox's plants, faults and journal apart from the global ones", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }] });
    const sandbox = handle.createSandbox({ seed: [{ name: "Cactus" }] });

    expect((await create(handle, sandbox.token, "Ivy")).status).toBe(201);
    expect(await (await list(handle, sandbox.token)).json()).toEqual([
      { name: "Cactus" },
      { name: "Ivy" },
    ]);
    expect(await (await list(handle, "outsider")).json()).toEqual([{ name: "Fern" }]);
    expect(handle.store.entries()).toEqual([{ id: 1, name: "Fern", owner: null }]);

    sandbox.failNext("listPlants", { status: 503 });
    expect((await list(handle, "outsider")).status).toBe(200);
    expect((await list(handle, sandbox.token)).status).toBe(503);
    handle.failNext("listPlants", { status: 502 });
    expect((await list(handle, sandbox.token)).status).toBe(200);
    expect((await list(handle, "outsider")).status).toBe(502);

    expect(sandbox.requests().map((entry) => `${entry.method} ${entry.status}`)).toEqual([
      "POST 201",
      "GET 200",
      "GET 503",
      "GET 200",
    ]);
    expect(handle.requests().map((entry) => `${entry.method} ${entry.status}`)).toEqual([
      "GET 200",
      "GET 200",
      "GET 502",
    ]);
    expect(JSON.stringify(sandbox.requests())).not.toContain(sandbox.token);
  });

  it("defaults to the set's own seed and resets to it, clearing faults and journal", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }] });
    const sandbox = handle.createSandbox();
    await create(handle, sandbox.token, "Ivy");
    sandbox.failNext("createPlant", { times: Infinity });
    sandbox.reset();
    expect(sandbox.requests()).toEqual([]);
    expect(await (await list(handle, sandbox.token)).json()).toEqual([{ name: "Fern" }]);
    expect((await create(handle, sandbox.token, "Moss")).status).toBe(201);
  });

  it("gives another caller's token in the same sandbox: public plants shared, own plants not", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }] });
    const sandbox = handle.createSandbox();
    const second = sandbox.createToken();
    expect(second).toMatch(/^psb_/);
    await create(handle, sandbox.token, "Ivy");
    expect(await (await list(handle, second)).json()).toEqual([{ name: "Fern" }]);
    expect(sandbox.store.entries()).toHaveLength(2);
    expect(sandbox.requests()).toHaveLength(2);
  });

  it("answers a closed sandbox's tokens, and unknown psb_ tokens, 401 even on a set that accepts any token", async () => {
    const handle = createPlantStoreFetchHandler();
    const sandbox = handle.createSandbox();
    const second = sandbox.createToken();
    sandbox.close();
    for (const token of [sandbox.token, second, "psb_never-minted"]) {
      const res = await list(handle, token);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe(
        'Bearer realm="plant-store", error="invalid_token"',
      );
      expect(await res.json()).toEqual(CLOSED);
    }
    expect(() => sandbox.createToken()).toThrow(`Sandbox ${sandbox.id} is closed`);
    // Outside any live sandbox: the global journal has them, without a token.
    expect(handle.requests().map((entry) => entry.status)).toEqual([401, 401, 401]);
  });

  it("accepts live sandbox tokens on a set with a fixed token list", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: ["t1"] });
    const sandbox = handle.createSandbox();
    expect((await list(handle, sandbox.token)).status).toBe(200);
    expect((await list(handle, "t2")).status).toBe(401);
  });

  it("refuses a sandbox past maxSandboxes with a RangeError, evicting none", async () => {
    const handle = createPlantStoreFetchHandler({ maxSandboxes: 2 });
    const first = handle.createSandbox();
    handle.createSandbox();
    expect(() => handle.createSandbox()).toThrow(
      new RangeError("maxSandboxes (2) sandboxes are open; close one before creating another."),
    );
    expect((await list(handle, first.token)).status).toBe(200);
    first.close();
    expect(handle.createSandbox().token).toMatch(/^psb_/);
  });

  it("closes a sandbox idle for sandboxIdleMs, and frees its place", async () => {
    vi.useFakeTimers();
    const handle = createPlantStoreFetchHandler({ sandboxIdleMs: 1000, maxSandboxes: 1 });
    const sandbox = handle.createSandbox();
    vi.advanceTimersByTime(999);
    expect((await list(handle, sandbox.token)).status).toBe(200);
    vi.advanceTimersByTime(1001);
    expect(handle.createSandbox().token).not.toBe(sandbox.token);
    expect((await list(handle, sandbox.token)).status).toBe(401);
  });

  it("refuses a bad seed with a TypeError naming seed, and bad limits where options enter", () => {
    const handle = createPlantStoreFetchHandler();
    expect(() => handle.createSandbox({ seed: "Fern" as never })).toThrow(TypeError);
    expect(() => handle.createSandbox({ seed: "Fern" as never })).toThrow(/seed/);
    expect(() => handle.createSandbox({ seeds: [] } as never)).toThrow(
      new TypeError('createSandbox: unknown option "seeds"; the options are seed.'),
    );
    expect(() => createPlantStoreFetchHandler({ maxSandboxes: 0 })).toThrow(
      new RangeError("maxSandboxes must be a whole number, 1 or more."),
    );
    expect(() => createPlantStoreFetchHandler({ sandboxIdleMs: "1" as never })).toThrow(
      new TypeError("sandboxIdleMs must be a whole number, 1 or more."),
    );
  });

  it("hides every live sandbox token, among a thousand, wherever a request outside them carries one", async () => {
    const handle = createPlantStoreFetchHandler({ maxSandboxes: 1000 });
    const sandboxes = Array.from({ length: 1000 }, () => handle.createSandbox());
    const [first, middle, last] = [sandboxes[0], sandboxes[500], sandboxes[999]];
    if (!first || !middle || !last) throw new Error("three sandboxes");
    const minted = last.createToken();
    const target = `${BASE}/plants/x${first.token}?q=${encodeURIComponent(middle.token)}&n=1`;
    await handle(new Request(target, { headers: { authorization: "Bearer outsider" } }));
    const body = JSON.stringify({ name: `Fern ${minted}`, [last.token]: 1 });
    await handle(
      new Request(`${BASE}/plants`, {
        method: "POST",
        headers: { authorization: "Bearer outsider", "content-type": "application/json" },
        body,
      }),
    );
    const [listed, created] = handle.requests();
    expect(listed).toMatchObject({
      path: "/plants/[redacted]",
      query: { q: "[redacted]", n: "1" },
    });
    expect(created?.body).toEqual({ name: "[redacted]", "[redacted]": 1 });
    const shown = JSON.stringify(handle.requests());
    for (const token of [first.token, middle.token, last.token, minted]) {
      expect(shown).not.toContain(token);
    }
  });

  it("isolates 50 sandboxes driven concurrently", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }] });
    const sandboxes = Array.from({ length: 50 }, () => handle.createSandbox());
    await Promise.all(
      sandboxes.map(async (sandbox, index) => {
        await create(handle, sandbox.token, `plant-${index}-a`);
        sandbox.failNext("createPlant", { status: 503 });
        expect((await create(handle, sandbox.token, `plant-${index}-b`)).status).toBe(503);
        await create(handle, sandbox.token, `plant-${index}-c`);
      }),
    );
    await Promise.all(
      sandboxes.map(async (sandbox, index) => {
        expect(await (await list(handle, sandbox.token)).json()).toEqual([
          { name: "Fern" },
          { name: `plant-${index}-a` },
          { name: `plant-${index}-c` },
        ]);
        expect(sandbox.requests().map((entry) => [entry.status, entry.body])).toEqual([
          [201, { name: `plant-${index}-a` }],
          [503, { name: `plant-${index}-b` }],
          [201, { name: `plant-${index}-c` }],
          [200, undefined],
        ]);
      }),
    );
    expect(handle.requests()).toEqual([]);
    expect(handle.store.entries()).toHaveLength(1);
  });
});

describe("the seed a set was made with", () => {
  it("is copied and checked once, at creation: changing the caller's array later changes no sandbox", async () => {
    const seed = [{ name: "Fern" }, { name: "Ivy", tag: "vine" }];
    const handle = createPlantStoreFetchHandler({ seed });
    seed.push({ name: 42 } as unknown as { name: string });
    seed.reverse();
    (seed[1] as { name: string }).name = "Changed";
    const sandbox = handle.createSandbox();
    expect(await (await list(handle, sandbox.token)).json()).toEqual([
      { name: "Fern" },
      { name: "Ivy", tag: "vine" },
    ]);
    handle.reset();
    expect(handle.store.list("t").map((plant) => plant.name)).toEqual(["Fern", "Ivy"]);
  });
});
