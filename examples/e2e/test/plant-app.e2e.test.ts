// An end-to-end suite for the app in ../app: a real browser, the real Plant Store mock server
// in its own process, and the admin client to reset it, arrange a failure and check what the
// page sent.
import { createPlantStoreAdmin, type PlantStoreAdmin } from "plant-store-sdk/admin";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AppServer, serveApp } from "./app-server.js";
import { type MockServer, startMockServer } from "./mock-server.js";

const TOKEN = "e2e-user-token";

// Debian's Chromium: test tools cannot download browsers on these machines.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let app: AppServer;
let mock: MockServer;
let admin: PlantStoreAdmin;
let browser: Browser;

beforeAll(async () => {
  [app, mock, browser] = await Promise.all([
    serveApp(),
    startMockServer(["--admin", "--token", TOKEN]),
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
  ]);
  admin = createPlantStoreAdmin({ baseUrl: mock.url });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await mock?.stop();
  await app?.close();
});

// One server for the whole suite; every test starts from its seed with no fault left over.
beforeEach(() => admin.reset());

/** Opens the app, pointed at the mock server, once it has shown the plants. */
async function openApp(): Promise<Page> {
  const page = await browser.newPage();
  const query = new URLSearchParams({ api: mock.url, token: TOKEN });
  await page.goto(`${app.url}/?${query}`);
  await page
    .getByRole("status")
    .filter({ hasText: /^\d+ plants$/ })
    .waitFor();
  return page;
}

async function addPlant(page: Page, name: string, tag: string): Promise<void> {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Tag").fill(tag);
  await page.getByRole("button", { name: "Add plant" }).click();
}

// A browser and a server process per suite: more than vitest's default 5 s on a busy machine.
describe("the plant app", { timeout: 30_000 }, () => {
  it("shows the plants in the store", async () => {
    await admin.load([{ name: "Boston fern", tag: "fern" }, { name: "Cutting" }]);
    const page = await openApp();
    expect(await page.locator("#plants li").allTextContents()).toEqual([
      "Boston fernfern",
      "Cutting",
    ]);
    expect(await page.getByRole("status").textContent()).toBe("2 plants");
    await page.close();
  });

  it("adds a plant, sending its name and tag", async () => {
    const page = await openApp();
    await admin.clearRequests();
    await addPlant(page, "Aloe vera", "succulent");
    await page.locator("#plants li").filter({ hasText: "Aloe vera" }).waitFor();

    const sent = await admin.requests();
    expect(sent.map(({ method, path, status, body }) => ({ method, path, status, body }))).toEqual([
      {
        method: "POST",
        path: "/plants",
        status: 201,
        body: { name: "Aloe vera", tag: "succulent" },
      },
    ]);
    expect((await admin.plants()).at(-1)).toMatchObject({ name: "Aloe vera", public: false });
    await page.close();
  });

  it("shows the store's message when a create fails once, and adds the plant on the next try", async () => {
    const page = await openApp();
    const before = await page.locator("#plants li").count();
    await admin.failNext("createPlant", { status: 503, message: "The store is being repotted." });

    await addPlant(page, "Calathea", "prayer plant");
    const alert = page.getByRole("alert");
    await alert.waitFor({ state: "visible" });
    expect(await alert.textContent()).toBe(
      "Could not add the plant: The store is being repotted. (503)",
    );
    expect(await page.locator("#plants li").count()).toBe(before);

    await page.getByRole("button", { name: "Add plant" }).click();
    await page.locator("#plants li").filter({ hasText: "Calathea" }).waitFor();
    expect(await alert.isHidden()).toBe(true);
    const creates = (await admin.requests()).filter((entry) => entry.method === "POST");
    expect(creates.map(({ status, body }) => ({ status, body }))).toEqual([
      { status: 503, body: { name: "Calathea", tag: "prayer plant" } },
      { status: 201, body: { name: "Calathea", tag: "prayer plant" } },
    ]);
    await page.close();
  });

  it("starts every test from the seed", async () => {
    const plants = await admin.plants();
    expect(plants.every((plant) => plant.public)).toBe(true);
    expect(plants.map((plant) => plant.name)).not.toContain("Aloe vera");
    expect(await admin.requests()).toEqual([]);
  });
});
