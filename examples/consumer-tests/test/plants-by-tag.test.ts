// How an app tests its Plant Store code with the package's MSW handlers: a real SDK client,
// a realistic in-memory store behind MSW, scenarios per test, no server to start.
import { setupServer } from "msw/node";
import { createPlantStoreClient, PlantStoreApiError } from "plant-store-sdk";
import { recordCoverage } from "plant-store-sdk/matchers/vitest";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadPlantsByTag } from "../src/plants-by-tag.js";
import { savePlant } from "../src/save-plant.js";

const baseUrl = "https://plant-store.test/v1";
const token = "test-token";

const plantStore = createPlantStoreHandlers({
  baseUrl,
  tokens: [token],
  seed: [
    { name: "Boston fern", tag: "fern" },
    { name: "Snake plant", tag: "succulent" },
    { name: "Maidenhair fern", tag: "fern" },
    { name: "Mystery cutting" },
  ],
});
const server = setupServer(...plantStore.handlers);

// Retries stay on (the app relies on them); maxDelay 0 skips the backoff waits in tests.
const client = createPlantStoreClient({ baseUrl, token, retries: { limit: 2, maxDelay: 0 } });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  // Every test starts from the seed with no scenario, waiting request or journal entry left over.
  plantStore.reset();
  server.resetHandlers();
});
afterAll(() => server.close());
// Hands this file's coverage of the contract to the reporter in vitest.config.ts.
afterAll(() => recordCoverage(plantStore));

describe("loadPlantsByTag", () => {
  it("groups the seeded plants by tag", async () => {
    expect(await loadPlantsByTag(client)).toEqual({
      fern: ["Boston fern", "Maidenhair fern"],
      succulent: ["Snake plant"],
      untagged: ["Mystery cutting"],
    });
  });

  it("includes plants the app added", async () => {
    await client.createPlant({ name: "Bird's nest fern", tag: "fern" });
    const groups = await loadPlantsByTag(client);
    expect(groups.fern).toEqual(["Boston fern", "Maidenhair fern", "Bird's nest fern"]);
  });

  it("starts each test from the seed again", async () => {
    expect(plantStore.store.size).toBe(4);
    expect((await loadPlantsByTag(client)).fern).toEqual(["Boston fern", "Maidenhair fern"]);
  });

  it("rides out a 503 thanks to the client's retries", async () => {
    plantStore.failNext("listPlants", { status: 503, message: "The store is restarting." });
    expect((await loadPlantsByTag(client)).succulent).toEqual(["Snake plant"]);
    // The journal shows the retry: the same request twice, the first one failed.
    expect(plantStore.requests().map(({ method, path, status }) => [method, path, status])).toEqual(
      [
        ["GET", "/v1/plants", 503],
        ["GET", "/v1/plants", 200],
      ],
    );
  });

  it("reports the outage when the store keeps failing", async () => {
    plantStore.failNext("listPlants", { status: 503, times: 3 });
    const failure = await loadPlantsByTag(client).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlantStoreApiError);
    expect(failure).toMatchObject({ status: 503 });
  });

  it("fails with 401 when the token is not accepted", async () => {
    const stranger = createPlantStoreClient({ baseUrl, token: "expired-token" });
    const failure = await loadPlantsByTag(stranger).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlantStoreApiError);
    expect(failure).toMatchObject({ status: 401 });
  });
});

describe("savePlant", () => {
  it("sends the trimmed name and leaves out an empty tag", async () => {
    await savePlant(client, { name: "  Chinese money plant ", tag: "  " });
    // What the code sent, as the store received it: no handler of our own needed.
    const [sent] = plantStore.requests();
    expect(sent).toMatchObject({ method: "POST", path: "/v1/plants", status: 201 });
    expect(sent?.body).toEqual({ name: "Chinese money plant" });
  });

  it("sends the tag when there is one", async () => {
    await savePlant(client, { name: "Pilea", tag: " succulent " });
    expect(plantStore.requests().map((request) => request.body)).toEqual([
      { name: "Pilea", tag: "succulent" },
    ]);
  });
});
