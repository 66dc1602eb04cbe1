// End-to-end: builds examples/browser with Vite, serves the build, and drives it in Debian's
// Chromium. The page talks to MSW's service worker only, so no API server runs here.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build, type PreviewServer, preview } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.js";

const exampleRoot = fileURLToPath(new URL("../../examples/browser", import.meta.url));
const configFile = `${exampleRoot}/vite.config.ts`;
const screenshotDir = fileURLToPath(new URL("../../.tmp", import.meta.url));

let server: PreviewServer;
let browser: Browser;
let pageUrl: string;

beforeAll(async () => {
  await build({ root: exampleRoot, configFile, logLevel: "warn" });
  server = await preview({
    root: exampleRoot,
    configFile,
    logLevel: "warn",
    preview: { host: "127.0.0.1", port: 0, strictPort: true, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("vite preview did not report its address");
  pageUrl = url;
  browser = await launchChromium();
  mkdirSync(screenshotDir, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a fresh page (fresh in-memory store) and waits until the seeded plants are shown. */
async function openPlantStorePage(): Promise<{ page: Page; pageErrors: Error[] }> {
  const page = await browser.newPage({ viewport: { width: 800, height: 720 } });
  const pageErrors: Error[] = [];
  page.on("pageerror", (error) => pageErrors.push(error));
  await page.goto(pageUrl);
  await page
    .getByRole("status")
    .filter({ hasText: /^\d+ plants$/ })
    .waitFor();
  return { page, pageErrors };
}

describe("examples/browser in Chromium", () => {
  it("lists the seeded plants and adds a plant through the form", async () => {
    const { page, pageErrors } = await openPlantStorePage();
    const plants = page.locator("#plants li");
    const before = await plants.count();
    expect(before).toBeGreaterThan(0);

    await page.getByLabel("Name").fill("Calathea orbifolia");
    await page.getByLabel("Tag").fill("prayer plant");
    await page.getByRole("button", { name: "Add plant" }).click();

    const added = plants.filter({ hasText: "Calathea orbifolia" });
    await added.waitFor();
    expect(await added.textContent()).toBe("Calathea orbifoliaprayer plant");
    expect(await plants.count()).toBe(before + 1);
    expect(await page.getByRole("status").textContent()).toBe(`${before + 1} plants`);
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    await page.screenshot({ path: `${screenshotDir}/browser-example.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 30_000);

  it("refuses an empty name with a clear message and adds nothing", async () => {
    const { page, pageErrors } = await openPlantStorePage();
    const plants = page.locator("#plants li");
    const before = await plants.allTextContents();

    await page.getByLabel("Tag").fill("succulent");
    await page.getByRole("button", { name: "Add plant" }).click();

    const alert = page.getByRole("alert");
    await alert.waitFor({ state: "visible" });
    expect(await alert.textContent()).toBe("Please enter a name for the plant.");
    await page.screenshot({ path: `${screenshotDir}/browser-example-invalid.png`, fullPage: true });

    // The next valid plant must land right after the seeded ones: the empty one never did.
    await page.getByLabel("Name").fill("Aloe vera");
    await page.getByRole("button", { name: "Add plant" }).click();
    await plants.filter({ hasText: "Aloe vera" }).waitFor();
    expect(await plants.allTextContents()).toEqual([...before, "Aloe verasucculent"]);
    expect(await alert.isHidden()).toBe(true);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 30_000);
});
