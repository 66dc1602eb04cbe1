// The SDK against the real reference server over loopback, with the server's own fault
// scenarios: transient failures are retried into success, persistent ones surface with the
// server's Error body, creates are never retried into duplicates, and hundreds of
// concurrent SDK calls all land.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createPlantStoreClient,
  PlantStoreApiError,
  PlantStoreError,
} from "../../src/client/index.js";
import { startPlantStoreServer } from "../../src/server/index.js";
import { rejectionOf } from "./support/rejection-of.js";

const token = "sdk-server-token";
const seed = [{ name: "Seed cycad", tag: "public" }];

type Server = Awaited<ReturnType<typeof startPlantStoreServer>>;

let server: Server;

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [token], seed });
});

beforeEach(() => {
  server.clearFaults();
  server.store.reset();
});

afterAll(async () => {
  await server?.close();
});

const client = () => createPlantStoreClient({ baseUrl: server.url, token, timeout: 10_000 });

describe("server fault scenarios through the SDK", () => {
  it("two 503s with Retry-After: 0, then success: the list comes back", async () => {
    server.failNext("listPlants", { status: 503, times: 2, headers: { "retry-after": "0" } });
    expect(await client().listPlants()).toEqual(seed);
  });

  it("three 503s exhaust the two retries: PlantStoreApiError with the server's body", async () => {
    const message = "The store is resting.";
    server.failNext("listPlants", {
      status: 503,
      times: 3,
      message,
      headers: { "retry-after": "0" },
    });
    const error = await rejectionOf(client().listPlants());
    expect(error).toBeInstanceOf(PlantStoreApiError);
    const apiError = error as PlantStoreApiError;
    expect(apiError.status).toBe(503);
    expect(apiError.code).toBe(503);
    expect(apiError.body).toEqual({ error: 503, message });
    expect(apiError.message).toContain(message);
    // The fault is used up: exactly three attempts were made.
    expect(await client().listPlants()).toEqual(seed);
  });

  it("a 500 on create is not retried: one failure, nothing stored, no duplicate", async () => {
    server.failNext("createPlant", { status: 500, times: 1 });
    const error = await rejectionOf(client().createPlant({ name: "Once only" }));
    expect((error as PlantStoreApiError).status).toBe(500);
    expect(server.store.size).toBe(seed.length);
  });

  it("a body over the server's limit gets 413 as a PlantStoreApiError, not retried", async () => {
    const error = await rejectionOf(client().createPlant({ name: "n".repeat(2 * 1_048_576) }));
    expect(error).toBeInstanceOf(PlantStoreApiError);
    expect((error as PlantStoreApiError).status).toBe(413);
    expect(server.store.size).toBe(seed.length);
  });

  it("a caller's abort during a delayed answer rejects at once, and the server goes on", async () => {
    server.delayNext("listPlants", 5_000);
    const controller = new AbortController();
    const pending = client().listPlants(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await rejectionOf(pending);
    expect(error.name).toBe("AbortError");
    expect(error).not.toBeInstanceOf(PlantStoreError);
    expect(await client().listPlants()).toEqual(seed);
  });
});

describe("concurrency through the SDK", () => {
  it("500 concurrent createPlant calls: 500 plants, each listed once", async () => {
    const sdk = client();
    const names = Array.from({ length: 500 }, (_, index) => `SDK plant ${index}`);
    const created = await Promise.all(names.map((name) => sdk.createPlant({ name })));
    expect(created).toEqual(names.map((name) => ({ name })));
    const listed = await sdk.listPlants();
    expect(listed.slice(0, seed.length)).toEqual(seed);
    expect(
      listed
        .slice(seed.length)
        .map((plant) => plant.name)
        .sort(),
    ).toEqual(names.slice().sort());
  }, 30_000);
});
