// The scripted answers through MSW (setupServer): respondNext and Prefer: code=N (chaos:
// test/server/chaos-sequence.test.ts compares MSW with the other paths).
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreHandlers } from "../../src/msw/index.js";

const BASE = "https://api.example.test";
const AUTH = { authorization: "Bearer t1" };
const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

describe("respondNext on the MSW handler set", () => {
  it("answers the scripted list once, refuses an answer the spec does not declare", async () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE, seed: [{ name: "Fern" }] });
    msw.use(...plantStore.handlers);
    plantStore.respondNext("listPlants", { status: 200, body: [{ name: "From MSW" }] });
    const scripted = await fetch(`${BASE}/plants`, { headers: AUTH });
    expect(await scripted.json()).toEqual([{ name: "From MSW" }]);
    const normal = await fetch(`${BASE}/plants`, { headers: AUTH });
    expect(await normal.json()).toEqual([{ name: "Fern" }]);
    expect(() => plantStore.respondNext("listPlants", { status: 201, body: [] } as never)).toThrow(
      new RangeError(
        "respondNext: status must be a status openapi.yaml declares for listPlants: 200, or 400 to 599.",
      ),
    );
  });
});

describe("Prefer: code=N on the MSW handler set", () => {
  it("answers the Error body with N, and ignores a status the operation may not answer", async () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE });
    msw.use(...plantStore.handlers);
    const failed = await fetch(`${BASE}/plants`, { headers: { ...AUTH, prefer: "code=500" } });
    expect([failed.status, await failed.json()]).toEqual([
      500,
      {
        error: 500,
        message: "listPlants answered 500 because the request asked for it (Prefer: code=500).",
      },
    ]);
    const ignored = await fetch(`${BASE}/plants`, { headers: { ...AUTH, prefer: "code=201" } });
    expect(ignored.status).toBe(200);
    expect(plantStore.requests().map((entry) => entry.scripted)).toEqual(["prefer", undefined]);
  });
});
