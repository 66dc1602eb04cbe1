import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreHandlers } from "../../src/msw/index.js";

const BASE = "https://api.example.test/v1";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function list(token: string): Promise<Response> {
  return fetch(`${BASE}/plants`, { headers: { authorization: `Bearer ${token}` } });
}

function create(token: string, name: string): Promise<Response> {
  return fetch(`${BASE}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
}

describe("sandboxes on the MSW handler set", () => {
  it("isolates 50 sandboxes driven concurrently (creates, lists, resets, faults)", async () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE, seed: [{ name: "Fern" }] });
    server.use(...plantStore.handlers);
    const sandboxes = Array.from({ length: 50 }, () => plantStore.createSandbox());
    await Promise.all(
      sandboxes.map(async (sandbox, index) => {
        await create(sandbox.token, `early-${index}`);
        sandbox.reset();
        await create(sandbox.token, `plant-${index}`);
        sandbox.failNext("listPlants", { status: 503 });
        expect((await list(sandbox.token)).status).toBe(503);
        expect(await (await list(sandbox.token)).json()).toEqual([
          { name: "Fern" },
          { name: `plant-${index}` },
        ]);
      }),
    );
    for (const [index, sandbox] of sandboxes.entries()) {
      expect(sandbox.requests().map((entry) => [entry.method, entry.status, entry.body])).toEqual([
        ["POST", 201, { name: `plant-${index}` }],
        ["GET", 503, undefined],
        ["GET", 200, undefined],
      ]);
    }
    expect(plantStore.requests()).toEqual([]);
    expect(await (await list("outsider")).json()).toEqual([{ name: "Fern" }]);
  });

  it("answers a closed sandbox's token 401 with the Error body, though the set accepts any token", async () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE });
    server.use(...plantStore.handlers);
    const sandbox = plantStore.createSandbox();
    expect((await list(sandbox.token)).status).toBe(200);
    sandbox.close();
    const res = await list(sandbox.token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: 401,
      message:
        "The bearer token in the Authorization header is a sandbox token (psb_...) whose sandbox is closed or expired (or never existed); create a new sandbox.",
    });
  });

  it("starts every sandbox from the seed as it was given, whatever the caller's array does later", async () => {
    const seed = [{ name: "Fern" }, { name: "Ivy" }];
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE, seed });
    server.use(...plantStore.handlers);
    seed.reverse();
    seed.push({ name: "" });
    const sandbox = plantStore.createSandbox();
    expect(await (await list(sandbox.token)).json()).toEqual([{ name: "Fern" }, { name: "Ivy" }]);
  });
});
