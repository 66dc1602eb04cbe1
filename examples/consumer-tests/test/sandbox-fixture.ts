// A Vitest fixture that gives every test its own sandbox on one MSW handler set: tests run
// with test.concurrent and still never see each other's plants, faults or requests.
//   import { test } from "./sandbox-fixture.js";
//   test.concurrent("...", async ({ client, sandbox }) => { ... });
import { setupServer } from "msw/node";
import { createPlantStoreClient, type PlantStoreClient } from "plant-store-sdk";
import { recordCoverage } from "plant-store-sdk/matchers/vitest";
import type { PlantStoreSandbox } from "plant-store-sdk/mock";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";
import { test as base } from "vitest";

export const baseUrl = "https://plant-store.test/v1";

/** One handler set for the whole file; every test enters it through a sandbox of its own. */
export const plantStore = createPlantStoreHandlers({
  baseUrl,
  seed: [
    { name: "Boston fern", tag: "fern" },
    { name: "Snake plant", tag: "succulent" },
  ],
});

interface SandboxFixtures {
  /** This test's sandbox: its own store (from the seed), faults and journal. */
  sandbox: PlantStoreSandbox;
  /** An SDK client that enters the sandbox with its token, as the app under test would. */
  client: PlantStoreClient;
}

interface FileFixtures {
  /** MSW intercepting the file's requests, started before its first test; records coverage after its last. */
  mswServer: undefined;
}

export const test = base.extend<SandboxFixtures & FileFixtures>({
  mswServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads fixture dependencies from it.
    async ({}, use) => {
      const server = setupServer(...plantStore.handlers);
      server.listen({ onUnhandledRequest: "error" });
      await use(undefined);
      server.close();
      // The set's coverage counts what every test's sandbox answered, closed ones included.
      await recordCoverage(plantStore);
    },
    { scope: "file", auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  sandbox: async ({}, use) => {
    const sandbox = plantStore.createSandbox();
    await use(sandbox);
    sandbox.close();
  },
  client: async ({ sandbox }, use) => {
    // Retries stay on (the app relies on them); maxDelay 0 skips the backoff waits in tests.
    await use(createPlantStoreClient({ baseUrl, token: sandbox.token, retries: { maxDelay: 0 } }));
  },
});
