// Playwright Test for the page in ./app, with no server: @msw/playwright routes the browser's
// requests through the MSW handlers in the test process (test/fixtures.ts), the page included.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "test",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
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
