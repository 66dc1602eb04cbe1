// What the user cannot see, asserted on what the store received: the tag a create carries,
// a request that must not be sent, and that nothing the app sent broke the contract.
import { setupServer } from "msw/node";
import { createPlantStoreClient, PlantStoreApiError } from "plant-store-sdk";
import { plantStoreMatchers, recordCoverage } from "plant-store-sdk/matchers/vitest";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { savePlant } from "../src/save-plant.js";

expect.extend(plantStoreMatchers);

const baseUrl = "https://plant-store.test/v1";
const token = "test-token";

const plantStore = createPlantStoreHandlers({ baseUrl, tokens: [token], seed: [] });
const server = setupServer(...plantStore.handlers);
const client = createPlantStoreClient({ baseUrl, token, retries: { limit: 2, maxDelay: 0 } });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => plantStore.reset());
// Whatever the test checked, the app sent nothing the real Plant Store would refuse.
afterEach(() => expect(plantStore).toHaveNoContractViolations());
afterAll(async () => {
  server.close();
  await recordCoverage(plantStore);
});

describe("savePlant", () => {
  it("files the plant under the tag the user typed, trimmed", async () => {
    const plant = await savePlant(client, { name: "Pilea", tag: " succulent " });
    expect(plant).toMatchObject({ name: "Pilea", tag: "succulent" });
    expect(plantStore).toHaveReceived("createPlant", { body: { tag: "succulent" } });
  });

  it("refuses a blank name itself instead of sending it", async () => {
    await expect(savePlant(client, { name: "   ", tag: "" })).rejects.toThrow(
      new RangeError("Give the plant a name."),
    );
    expect(plantStore).not.toHaveReceived("createPlant");
  });

  it("saves once: a taken name is reported, not retried", async () => {
    plantStore.failNext("createPlant", { status: 409, message: "That plant exists." });
    const failure = await savePlant(client, { name: "Pilea", tag: "" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PlantStoreApiError);
    expect(failure).toMatchObject({ status: 409 });
    expect(plantStore).toHaveReceivedTimes("createPlant", 1);
  });
});
