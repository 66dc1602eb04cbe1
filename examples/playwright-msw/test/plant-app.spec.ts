// The page in a real browser, its API answered by the MSW handlers with no API server: the test
// arranges its sandbox (failNext), drives the page and checks what the page sent (toHaveReceived).
import { addPlant, expect, SEED, test } from "./fixtures.js";

test("shows the plants in the store", async ({ sandbox, openApp }) => {
  const page = await openApp();
  await expect(page.getByRole("listitem")).toHaveText(SEED.map((plant) => plant.name));
  expect(sandbox).toHaveReceivedTimes("listPlants", 1);
});

test("adds a plant, sending its name", async ({ sandbox, openApp }) => {
  const page = await openApp();
  await addPlant(page, "Aloe vera");
  await expect(page.getByRole("listitem").last()).toHaveText("Aloe vera");
  expect(sandbox).toHaveReceived("createPlant", { status: 201, body: { name: "Aloe vera" } });
});

test("shows the store's message when a create fails, and adds the plant on the next try", async ({
  sandbox,
  openApp,
}) => {
  const page = await openApp();
  sandbox.failNext("createPlant", { status: 503, message: "The store is being repotted." });
  await addPlant(page, "Calathea");
  await expect(page.getByRole("alert")).toHaveText(
    "Could not add the plant: The store is being repotted. (503)",
  );
  await expect(page.getByRole("listitem")).toHaveCount(SEED.length);

  await page.getByRole("button", { name: "Add plant" }).click();
  await expect(page.getByRole("listitem").last()).toHaveText("Calathea");
  expect(sandbox).toHaveReceived("createPlant", { status: 503, body: { name: "Calathea" } });
  expect(sandbox).toHaveReceived("createPlant", { status: 201, body: { name: "Calathea" } });
  expect(sandbox).toHaveReceivedTimes("createPlant", 2);
});

test("starts every test from the seed, whatever the others added", async ({ sandbox, openApp }) => {
  const page = await openApp();
  await expect(page.getByRole("status")).toHaveText(`${SEED.length} plants`);
  expect(sandbox.requests().map((entry) => entry.status)).toEqual([200]);
});
