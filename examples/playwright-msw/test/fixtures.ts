// The fixtures the specs import instead of @playwright/test's own `test`:
// - `network` (automatic): @msw/playwright answers the browser context's requests to the API
//   from the Plant Store's MSW handlers in this process. The page's own files come from Vite.
// - `sandbox`: the test's own sandbox of that handler set (store, scenarios, journal), closed
//   after the test. Tests run in parallel and never see each other's plants or faults.
// - `openApp`: gives the page the sandbox's token, opens it, waits until the plants are shown.
// - `expect`: Playwright's, with the package's matchers (toHaveReceived, ...).
import { defineNetworkFixture, type NetworkFixture } from "@msw/playwright";
import { test as base, type Page, expect as playwrightExpect } from "@playwright/test";
import { plantStoreMatchers } from "plant-store-sdk/matchers";
import type { PlantStoreSandbox } from "plant-store-sdk/mock";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";

/** The API the app calls (src/main.ts); no such host exists, the handlers answer it. */
export const API = "https://plant-store.example/v1";

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
    async ({ context, baseURL }, use) => {
      const network = defineNetworkFixture({
        context,
        handlers: plantStore.handlers,
        // Vite's requests pass through to the dev server; a request to anywhere else that no
        // handler answered fails the test (an "error" strategy would fail Vite's too).
        onUnhandledRequest(request, print) {
          if (new URL(request.url).origin !== new URL(baseURL ?? "").origin) print.error();
        },
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
      // Where the app finds a signed-in user's token, before any of its scripts run.
      await page.addInitScript((token) => {
        sessionStorage.setItem("plant-store-token", token);
      }, sandbox.token);
      await page.goto("/");
      await playwrightExpect(page.getByRole("status")).toHaveText(/^\d+ plants$/);
      return page;
    });
  },
});

export const expect = playwrightExpect.extend(plantStoreMatchers);

export async function addPlant(page: Page, name: string): Promise<void> {
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Add plant" }).click();
}
