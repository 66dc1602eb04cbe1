// The landing page in Chromium: it renders without errors, loads nothing from elsewhere, and
// its try-it lists with a limit and creates through the form against the live API.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_TOKEN,
  type PlantStoreServer,
  startPlantStoreServer,
} from "../../../src/server/index.js";
import { launchChromium } from "../../support/chromium.js";

const screenshotDir = fileURLToPath(new URL("../../../.tmp", import.meta.url));
let browser: Browser;
let server: PlantStoreServer;
let origin: string;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchChromium(),
    startPlantStoreServer({ basePath: "/v1" }),
  ]);
  origin = new URL(server.url).origin;
  mkdirSync(screenshotDir, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openLandingPage(): Promise<{ page: Page; problems: string[]; elsewhere: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const problems: string[] = [];
  const elsewhere: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(origin)) elsewhere.push(request.url());
  });
  await page.goto(`${origin}/`);
  return { page, problems, elsewhere };
}

describe("the landing page in Chromium", () => {
  it("shows the API, the base URL as the browser sees it, and the demo token", async () => {
    const { page, problems, elsewhere } = await openLandingPage();
    expect(await page.title()).toBe("Plant Store API 1.0.0");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Plant Store API1.0.0",
    );
    expect(await page.locator("#base-url + p code").textContent()).toBe(`${origin}/v1`);
    expect(await page.locator("#demo-token").textContent()).toBe(DEMO_TOKEN);
    expect(await page.getByLabel("Bearer token").inputValue()).toBe(DEMO_TOKEN);
    const operations = page.locator("article.operation h3");
    expect(await operations.allTextContents()).toEqual([
      "GET/v1/plants List the plants the caller has access to",
      "POST/v1/plants Add a plant to the store",
    ]);
    await page.screenshot({ path: `${screenshotDir}/landing-page.png`, fullPage: true });
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  }, 30_000);

  it("lists plants with a limit and creates one through the try-it forms", async () => {
    const { page, problems, elsewhere } = await openLandingPage();
    server.clearRequests();

    await page.getByLabel("limit").fill("2");
    await page.getByRole("button", { name: "List plants" }).click();
    const listResult = page.locator("#try-list-result");
    await listResult.locator(".status").filter({ hasText: "200" }).waitFor();
    expect(await listResult.locator(".status").textContent()).toBe(
      "GET /v1/plants?limit=2 → 200 OK",
    );
    const listed = JSON.parse((await listResult.locator("pre").textContent()) ?? "null");
    expect(listed).toHaveLength(2);

    await page.getByLabel("name").fill("Calathea");
    await page.getByLabel("tag").fill("prayer plant");
    await page.getByRole("button", { name: "Create plant" }).click();
    const createResult = page.locator("#try-create-result");
    await createResult.locator(".status").filter({ hasText: "201" }).waitFor();
    expect(await createResult.locator(".status").textContent()).toBe(
      "POST /v1/plants → 201 Created",
    );
    expect(JSON.parse((await createResult.locator("pre").textContent()) ?? "null")).toEqual({
      name: "Calathea",
      tag: "prayer plant",
    });
    expect(server.store.entries().at(-1)).toMatchObject({ name: "Calathea", owner: DEMO_TOKEN });

    // A refused create shows the Error body.
    await page.getByLabel("name").fill("");
    await page.getByLabel("tag").fill("");
    await page.getByRole("button", { name: "Create plant" }).click();
    await createResult.locator(".status").filter({ hasText: "400" }).waitFor();
    expect(JSON.parse((await createResult.locator("pre").textContent()) ?? "null")).toEqual({
      error: 400,
      message: "name must not be empty.",
    });
    await page
      .locator("section.try")
      .screenshot({ path: `${screenshotDir}/landing-page-try-it.png` });

    expect(
      server.requests().map((entry) => [entry.method, entry.path, entry.query, entry.status]),
    ).toEqual([
      ["GET", "/v1/plants", { limit: 2 }, 200],
      ["POST", "/v1/plants", {}, 201],
      ["POST", "/v1/plants", {}, 400],
    ]);
    expect(problems.filter((problem) => !problem.includes("400"))).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  }, 30_000);
});
