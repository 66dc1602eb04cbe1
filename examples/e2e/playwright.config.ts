// Playwright Test for the app in ./app: four workers at once against one mock server, each
// worker in a sandbox of its own (test/fixtures.ts), so no test sees another's plants, faults
// or requests.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "test",
  testMatch: "*.spec.ts",
  globalSetup: "./test/global-setup.ts",
  fullyParallel: true,
  workers: 4,
  forbidOnly: true,
  // Four browsers at once on a small, busy CI machine: more room than the 30 s and 5 s defaults.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: "chromium",
    // Debian's Chromium, as this repository's machines cannot download browsers. In your
    // project, `npx playwright install chromium` and leave launchOptions out.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
