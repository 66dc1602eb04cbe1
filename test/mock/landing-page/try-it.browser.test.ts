// The landing page's try-it forms send what was typed: a limit or an id the contract refuses
// reaches the server, and the page shows the contract's 400 and its Error body (the browser
// does not block the request with validation of its own).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMIT_MESSAGE } from "../../../src/contract/list-limit.js";
import { ID_MESSAGE } from "../../../src/contract/plant-id.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { launchChromium } from "../../support/chromium.js";

let browser: Browser;
let server: PlantStoreServer;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPlantStoreServer({})]);
  page = await browser.newPage();
  await page.goto(`${new URL(server.url).origin}/`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function shownAnswer(resultId: string, status: string) {
  const result = page.locator(`#${resultId}`);
  await result.locator(".status").filter({ hasText: status }).waitFor();
  return {
    status: await result.locator(".status").textContent(),
    body: JSON.parse((await result.locator("pre").textContent()) ?? "null"),
  };
}

describe("the try-it forms in Chromium", () => {
  it("sends limit=-1 and shows the contract's 400", async () => {
    server.clearRequests();
    await page.getByLabel("limit").fill("-1");
    await page.getByRole("button", { name: "List plants" }).click();
    expect(await shownAnswer("try-list-result", "400")).toEqual({
      status: "GET /plants?limit=-1 → 400 Bad Request",
      body: { error: 400, message: LIMIT_MESSAGE },
    });
    expect(server.requests().map((entry) => [entry.query, entry.status])).toEqual([
      [{ limit: "-1" }, 400],
    ]);
  }, 30_000);

  it("sends id 0 and shows the contract's 400, storing nothing", async () => {
    const before = server.store.entries().length;
    await page.getByLabel("name").fill("Calathea");
    await page.getByLabel("id").fill("0");
    await page.getByRole("button", { name: "Create plant" }).click();
    expect(await shownAnswer("try-create-result", "400")).toEqual({
      status: "POST /plants → 400 Bad Request",
      body: { error: 400, message: ID_MESSAGE },
    });
    expect(server.store.entries()).toHaveLength(before);
  }, 30_000);
});
