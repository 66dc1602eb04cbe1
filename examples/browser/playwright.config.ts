// Playwright Test for the page: Vite builds it and serves the build (`vite preview`), as it
// would be deployed, and the tests drive it in Chromium.
import { defineConfig } from "@playwright/test";

const port = Number(process.env.PORT ?? 4173);
// Playwright's own Chromium (`npx playwright install chromium`), or the one CHROMIUM_PATH names
// on a machine that cannot download Playwright's (a container, some CI): a system Chromium,
// run without its sandbox, GPU or background traffic.
const chromiumPath = process.env.CHROMIUM_PATH;

export default defineConfig({
  testDir: "test",
  forbidOnly: true,
  webServer: {
    command: `vite build && vite preview --port ${port} --strictPort`,
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
