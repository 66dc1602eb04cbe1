// A Bun user's test file, typechecked alone against dist/ by test/matchers/runner-types.test.ts.
import { expect } from "bun:test";
import { plantStoreMatchers } from "plant-store-sdk/matchers/bun";
import { createPlantStoreFetchHandler } from "plant-store-sdk/mock";

expect.extend(plantStoreMatchers);
const plantStore = createPlantStoreFetchHandler();

expect(plantStore).toHaveReceived("createPlant", { body: { name: "Fern" } });
expect(plantStore).toHaveReceived("listPlants", { status: 200, query: { limit: 2 } });
expect(plantStore).toHaveReceivedTimes("listPlants", 2);
expect(plantStore).not.toHaveReceived("createPlant");
expect(plantStore).toHaveNoContractViolations();
// @ts-expect-error: no operation has this name
expect(plantStore).toHaveReceived("deletePlant");
// @ts-expect-error: a plant's name is a string
expect(plantStore).toHaveReceived("createPlant", { body: { name: 5 } });
