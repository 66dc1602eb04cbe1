// Runs examples/consumer-tests with its own vitest.config.ts, its test files in two
// workers, and reads back the coverage report the reporter prints: one report, merged. Its
// config imports the reporter by the package's name, so it runs on dist/ (`npm run build` first).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL("../../examples/consumer-tests", import.meta.url));
const vitest = fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url));

describe("examples/consumer-tests", () => {
  it("prints the answers its test files, in two workers, never exercised", async () => {
    const { stdout } = await run(
      process.execPath,
      // --no-cache: no results file left in the example folder, which docs/examples.md mirrors.
      [vitest, "run", "--pool=forks", "--maxWorkers=2", "--no-cache"],
      { cwd: exampleDir, env: { ...process.env, CI: "", NO_COLOR: "1" } },
    );
    const lines = stdout.split("\n");
    const start = lines.findIndex((line) => line.startsWith("Plant Store coverage:"));
    // The three files' coverage is merged: each alone misses what another exercised (a 503
    // listed, a 409 on create).
    expect(lines.slice(start, start + 8)).toEqual([
      "Plant Store coverage: 5 of 12 answers exercised",
      "  listPlants 400: never",
      "  createPlant 200: never",
      "  createPlant 400: never",
      "  createPlant 401: never",
      "  createPlant 413: never",
      "  createPlant 415: never",
      "  createPlant default: never",
    ]);
    expect(stdout).toMatch(/Test Files {2}3 passed \(3\)/);
  }, 60_000);

  it("reports what the sandbox-per-test file exercised, every sandbox counted in the set's coverage", async () => {
    const { stdout } = await run(
      process.execPath,
      [vitest, "run", "--pool=forks", "--no-cache", "test/sandboxes.test.ts"],
      { cwd: exampleDir, env: { ...process.env, CI: "", NO_COLOR: "1" } },
    );
    const lines = stdout.split("\n");
    const start = lines.findIndex((line) => line.startsWith("Plant Store coverage:"));
    // Every request of this file went to a sandbox (closed after its test): a list 200 and
    // 503, a create 201. Only the set's recordCoverage in the fixture reports them.
    expect(lines[start]).toBe("Plant Store coverage: 3 of 12 answers exercised");
    expect(lines.slice(start + 1, start + 10).join("\n")).not.toMatch(
      /listPlants 200|listPlants default|createPlant 201/,
    );
  }, 60_000);
});
