// Playwright Test for the app in ./app: four workers at once against one mock server, each
// worker in a sandbox of its own (test/fixtures.ts), so no test sees another's plants, faults
// or requests.
import { defineConfig } from "@playwright/test";

// Playwright's own Chromium (`npx playwright install chromium`), or the one CHROMIUM_PATH names
// on a machine that cannot download Playwright's (a container, some CI): a system Chromium,
// run without its sandbox, GPU or background traffic.
const chromiumPath = process.env.CHROMIUM_PATH;

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
    launchOptions: chromiumPath
      ? {
          executablePath: chromiumPath,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        }
      : {},
  },
});
