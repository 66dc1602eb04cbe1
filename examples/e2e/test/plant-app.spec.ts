// The app end to end: a real browser, the real mock server in its own process, and the
// worker's sandbox (fixtures.ts) to arrange the store, make a request fail and check what the
// page sent.
import { addPlant, expect, SEED, test } from "./fixtures.js";

test("shows the plants in the store", async ({ sandbox, openApp }) => {
  await sandbox.load([{ name: "Boston fern", tag: "fern" }, { name: "Cutting" }]);
  const page = await openApp();
  await expect(page.locator("#plants li")).toHaveText(["Boston fernfern", "Cutting"]);
  await expect(page.getByRole("status")).toHaveText("2 plants");
});

test("adds a plant, sending its name and tag", async ({ sandbox, openApp }) => {
  const page = await openApp();
  await sandbox.clearRequests();
  await addPlant(page, "Aloe vera", "succulent");
  await expect(page.locator("#plants li").filter({ hasText: "Aloe vera" })).toBeVisible();

  const sent = await sandbox.requests();
  expect(sent.map(({ method, path, status, body }) => ({ method, path, status, body }))).toEqual([
    { method: "POST", path: "/plants", status: 201, body: { name: "Aloe vera", tag: "succulent" } },
  ]);
  expect((await sandbox.plants()).at(-1)).toMatchObject({ name: "Aloe vera", public: false });
});

test("shows the store's message when a create fails once, and adds the plant on the next try", async ({
  sandbox,
  openApp,
}) => {
  const page = await openApp();
  const plants = page.locator("#plants li");
  await sandbox.failNext("createPlant", { status: 503, message: "The store is being repotted." });

  await addPlant(page, "Calathea", "prayer plant");
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Could not add the plant: The store is being repotted. (503)");
  await expect(plants).toHaveCount(SEED.length);

  await page.getByRole("button", { name: "Add plant" }).click();
  await expect(plants.filter({ hasText: "Calathea" })).toBeVisible();
  await expect(alert).toBeHidden();
  const creates = (await sandbox.requests()).filter((entry) => entry.method === "POST");
  expect(creates.map(({ status, body }) => ({ status, body }))).toEqual([
    { status: 503, body: { name: "Calathea", tag: "prayer plant" } },
    { status: 201, body: { name: "Calathea", tag: "prayer plant" } },
  ]);
});

test("starts every test from the seed", async ({ sandbox }) => {
  const plants = await sandbox.plants();
  expect(plants.map(({ name, public: isPublic }) => ({ name, isPublic }))).toEqual(
    SEED.map(({ name }) => ({ name, isPublic: true })),
  );
  expect(await sandbox.requests()).toEqual([]);
});
