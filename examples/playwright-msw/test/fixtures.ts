// The fixtures the specs import instead of @playwright/test's own `test`:
// - `network` (automatic): @msw/playwright routes every request of the test's browser context
//   through MSW handlers in this process: the Plant Store's handler set and the app's page.
// - `sandbox`: the test's own sandbox of that handler set (store, scenarios, journal), closed
//   after the test. Tests run in parallel and never see each other's plants or faults.
// - `openApp`: opens the page with the sandbox's token and waits until the plants are shown.
// - `expect`: Playwright's, with the package's matchers (toHaveReceived, ...).
import { readFileSync } from "node:fs";
import { defineNetworkFixture, type NetworkFixture } from "@msw/playwright";
import { test as base, type Page, expect as playwrightExpect } from "@playwright/test";
import { HttpResponse, http } from "msw";
import { plantStoreMatchers } from "plant-store-sdk/matchers";
import type { PlantStoreSandbox } from "plant-store-sdk/mock";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";

export const API = "https://plant-store.example/v1";
const APP = "https://app.example/";
const page = readFileSync(new URL("../app/index.html", import.meta.url), "utf8");

/** Every sandbox starts from this seed. */
export const SEED = [{ name: "Boston fern" }, { name: "Pothos" }];

/** One handler set per worker; each test enters it through a sandbox of its own. */
const plantStore = createPlantStoreHandlers({ baseUrl: API, seed: SEED });

interface Fixtures {
  network: NetworkFixture;
  sandbox: PlantStoreSandbox;
  openApp: () => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  network: [
    async ({ context }, use) => {
      const network = defineNetworkFixture({
        context,
        handlers: [...plantStore.handlers, http.get(APP, () => HttpResponse.html(page))],
        onUnhandledRequest: "error",
      });
      await network.enable();
      await use(network);
      await network.disable();
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from it.
  sandbox: async ({}, use) => {
    const sandbox = plantStore.createSandbox();
    await use(sandbox);
    sandbox.close();
  },
  openApp: async ({ page, sandbox }, use) => {
    await use(async () => {
      await page.goto(`${APP}?${new URLSearchParams({ api: API, token: sandbox.token })}`);
      await page
        .getByRole("status")
        .filter({ hasText: /^\d+ plants$/ })
        .waitFor();
      return page;
    });
  },
});

export const expect = playwrightExpect.extend(plantStoreMatchers);

export async function addPlant(page: Page, name: string): Promise<void> {
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Add plant" }).click();
}
