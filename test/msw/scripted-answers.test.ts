// The scripted answers through MSW (setupServer): respondNext and Prefer: code=N.
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
