// The fixtures the specs import instead of @playwright/test's own `test`:
// - `sandbox`, one per worker: a sandbox on the shared mock server, opened with the admin
//   client and closed when the worker ends. Workers run at the same time; each sees only its
//   sandbox's plants, faults and requests, whatever the others do.
// - before every test, the worker's sandbox is reset: its seed back, faults and journal cleared.
// - `openApp`: opens the app with the sandbox's token (the app takes it from its URL, as it
//   would take a token from its login) and waits until the plants are shown.
import { test as base, type Page } from "@playwright/test";
import { createPlantStoreAdmin, type PlantStoreAdminSandbox } from "plant-store-sdk/admin";

/** Every sandbox starts from this seed, and returns to it on reset. */
export const SEED = [{ name: "Boston fern", tag: "fern" }, { name: "Pothos" }];

/** Set by global-setup.ts. */
export const plantStoreUrl = process.env.PLANT_STORE_URL ?? "";
const appUrl = process.env.APP_URL ?? "";

interface TestFixtures {
  resetSandbox: undefined;
  openApp: () => Promise<Page>;
}

interface WorkerFixtures {
  sandbox: PlantStoreAdminSandbox;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sandbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from it.
    async ({}, use) => {
      const admin = createPlantStoreAdmin({ baseUrl: plantStoreUrl });
      const sandbox = await admin.createSandbox({ seed: SEED });
      await use(sandbox);
      await sandbox.close();
    },
    { scope: "worker" },
  ],
  resetSandbox: [
    async ({ sandbox }, use) => {
      await sandbox.reset();
      await use(undefined);
    },
    { auto: true },
  ],
  openApp: async ({ page, sandbox }, use) => {
    await use(async () => {
      const query = new URLSearchParams({ api: plantStoreUrl, token: sandbox.token });
      await page.goto(`${appUrl}/?${query}`);
      await page
        .getByRole("status")
        .filter({ hasText: /^\d+ plants$/ })
        .waitFor();
      return page;
    });
  },
});

export { expect } from "@playwright/test";

export async function addPlant(page: Page, name: string, tag: string): Promise<void> {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Tag").fill(tag);
  await page.getByRole("button", { name: "Add plant" }).click();
}
