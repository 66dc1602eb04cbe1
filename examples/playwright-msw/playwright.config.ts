// Playwright Test for the page, served by Vite's dev server (started here, stopped after the
// run). The API's requests never leave the browser context: @msw/playwright answers them from
// the MSW handlers in the test process (test/fixtures.ts).
import { defineConfig } from "@playwright/test";

const port = Number(process.env.PORT ?? 5173);
// Playwright's own Chromium (`npx playwright install chromium`), or the one CHROMIUM_PATH names
// on a machine that cannot download Playwright's (a container, some CI): a system Chromium,
// run without its sandbox, GPU or background traffic.
const chromiumPath = process.env.CHROMIUM_PATH;

export default defineConfig({
  testDir: "test",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  webServer: {
    command: `vite --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
