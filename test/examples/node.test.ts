// Runs examples/node/list-and-create.ts the way its README says: alone (it starts its own
// server) and against a Plant Store that is already running (PLANT_STORE_URL).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startPlantStoreServer } from "plant-store-sdk/server";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL("../../examples/node", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));

// cwd is the example folder so tsx picks up examples/tsconfig.json ("plant-store-sdk" -> src).
async function runExample(env: Record<string, string> = {}): Promise<string[]> {
  const { stdout } = await run(tsx, ["list-and-create.ts"], {
    cwd: exampleDir,
    env: { ...process.env, ...env },
  });
  return stdout.trim().split("\n");
}

describe("examples/node", () => {
  it("starts its own server, lists, adds, and reports the store's refusal", async () => {
    const lines = await runExample({ PLANT_STORE_URL: "" });
    expect(lines).toEqual([
      "First plants: Monstera deliciosa, Snake plant, Boston fern",
      "Added: Peace lily (flowering)",
      expect.stringMatching(
        /^Refused with 409: POST http:\/\/127\.0\.0\.1:\d+\/plants failed with status 409: .*\bid\b/,
      ),
      "The store now holds 7 plants you can see.",
    ]);
  }, 20_000);

  it("uses the Plant Store given by PLANT_STORE_URL and PLANT_STORE_TOKEN", async () => {
    const server = await startPlantStoreServer({ tokens: ["example-token"], seed: [] });
    try {
      const lines = await runExample({
        PLANT_STORE_URL: server.url,
        PLANT_STORE_TOKEN: "example-token",
      });
      expect(lines[0]).toBe("First plants: ");
      expect(server.store.entries().map(({ name, owner }) => ({ name, owner }))).toEqual([
        { name: "Peace lily", owner: "example-token" },
        { name: "Rubber plant", owner: "example-token" },
      ]);
    } finally {
      await server.close();
    }
  }, 20_000);
});
