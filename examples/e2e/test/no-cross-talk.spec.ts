// The workers' sandboxes never see each other. Every test here runs in parallel with the
// others, on four workers at once; each arms a failure and adds a plant that name its worker,
// then checks it saw its own failure (once), its own plants and its own requests only, and
// that nothing reached the server outside the sandboxes.
import { createPlantStoreAdmin } from "plant-store-sdk/admin";
import { addPlant, expect, plantStoreUrl, SEED, test } from "./fixtures.js";

test.describe.configure({ mode: "parallel" });

for (const round of [1, 2, 3, 4, 5, 6, 7, 8]) {
  test(`round ${round}: a worker sees only its own plants, faults and requests`, async ({
    sandbox,
    openApp,
  }, testInfo) => {
    const me = `worker ${testInfo.parallelIndex}`;
    const plant = `Plant of ${me}, round ${round}`;
    await sandbox.failNext("createPlant", { status: 503, message: `Only ${me} fails.` });
    const page = await openApp();

    await addPlant(page, plant, "mine");
    await expect(page.getByRole("alert")).toHaveText(
      `Could not add the plant: Only ${me} fails. (503)`,
    );
    await page.getByRole("button", { name: "Add plant" }).click();
    await expect(page.locator("#plants li").filter({ hasText: plant })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("status")).toHaveText(`${SEED.length + 1} plants`);
    await expect(page.locator("#plants li")).toHaveText([
      ...SEED.map(({ name, tag }) => name + (tag ?? "")),
      `${plant}mine`,
    ]);
    const sent = await sandbox.requests();
    expect(sent.map(({ method, status, body }) => ({ method, status, body }))).toEqual([
      { method: "GET", status: 200, body: undefined },
      { method: "POST", status: 503, body: { name: plant, tag: "mine" } },
      { method: "POST", status: 201, body: { name: plant, tag: "mine" } },
      { method: "GET", status: 200, body: undefined },
    ]);
    // Outside every sandbox, the server's own journal stays empty all run long.
    expect(await createPlantStoreAdmin({ baseUrl: plantStoreUrl }).requests()).toEqual([]);
  });
}
