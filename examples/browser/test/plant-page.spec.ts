// The built page in Chromium. It talks to MSW's service worker only (src/mock-api.ts), so no
// API server runs, and each test's fresh page starts from a fresh in-memory store.
import { expect, type Page, test } from "@playwright/test";

/** Opens the page and waits until the seeded plants are shown; fails on any page error. */
async function openPlantStorePage(page: Page): Promise<void> {
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.goto("/");
  await expect(page.getByRole("status")).toHaveText(/^\d+ plants$/);
}

test("lists the seeded plants and adds a plant through the form", async ({ page }) => {
  await openPlantStorePage(page);
  const plants = page.locator("#plants li");
  const before = await plants.count();
  expect(before).toBeGreaterThan(0);

  await page.getByLabel("Name").fill("Calathea orbifolia");
  await page.getByLabel("Tag").fill("prayer plant");
  await page.getByRole("button", { name: "Add plant" }).click();

  await expect(plants.last()).toHaveText("Calathea orbifoliaprayer plant");
  await expect(plants).toHaveCount(before + 1);
  await expect(page.getByRole("status")).toHaveText(`${before + 1} plants`);
  await expect(page.getByLabel("Name")).toHaveValue("");
});

test("refuses an empty name with a clear message and adds nothing", async ({ page }) => {
  await openPlantStorePage(page);
  const plants = page.locator("#plants li");
  const before = await plants.allTextContents();

  await page.getByLabel("Tag").fill("succulent");
  await page.getByRole("button", { name: "Add plant" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Please enter a name for the plant.");

  // The next valid plant lands right after the seeded ones: the empty one never did.
  await page.getByLabel("Name").fill("Aloe vera");
  await page.getByRole("button", { name: "Add plant" }).click();
  await expect(plants).toHaveText([...before, "Aloe verasucculent"]);
  await expect(alert).toBeHidden();
});
