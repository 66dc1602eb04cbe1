// Runs list-and-create.ts both ways the README gives: alone (it starts its own server), and
// against a Plant Store that is already running (PLANT_STORE_URL and PLANT_STORE_TOKEN).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { promisify } from "node:util";
import { startPlantStoreServer } from "plant-store-sdk/server";

const run = promisify(execFile);

async function runExample(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "list-and-create.ts"], {
    env: { ...process.env, ...env },
  });
  return stdout.trim().split("\n");
}

test("starts its own server, lists, adds, and reports the store's refusal", async () => {
  const lines = await runExample({ PLANT_STORE_URL: "" });
  assert.deepEqual(lines.slice(0, 2), [
    "First plants: Monstera deliciosa, Snake plant, Boston fern",
    "Added: Peace lily (flowering)",
  ]);
  assert.match(
    lines[2] ?? "",
    /^Refused with 409: POST http:\/\/127\.0\.0\.1:\d+\/plants failed with status 409: .*\bid\b/,
  );
  assert.equal(lines[3], "The store now holds 7 plants you can see.");
  assert.equal(lines.length, 4);
});

test("uses the Plant Store given by PLANT_STORE_URL and PLANT_STORE_TOKEN", async () => {
  const server = await startPlantStoreServer({ tokens: ["example-token"], seed: [] });
  try {
    const lines = await runExample({
      PLANT_STORE_URL: server.url,
      PLANT_STORE_TOKEN: "example-token",
    });
    assert.equal(lines[0], "First plants: ");
    assert.deepEqual(
      server.store.entries().map(({ name, owner }) => ({ name, owner })),
      [
        { name: "Peace lily", owner: "example-token" },
        { name: "Rubber plant", owner: "example-token" },
      ],
    );
  } finally {
    await server.close();
  }
});
