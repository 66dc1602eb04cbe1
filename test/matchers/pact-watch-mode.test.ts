// The reporter's pact file in Vitest's watch mode, its hooks driven as Vitest drives them: a
// first run of every test file, then reruns of some. The file keeps speaking for the whole
// suite: what the files not rerun recorded in their last run, plus what the rerun recorded.
// Each "test file" records from a worker whose Vitest `expect` names it (expect.getState());
// the last test runs a real Vitest watch session against the built package.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PlantStoreCoverageReporter, recordCoverage } from "../../src/matchers/vitest.js";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";

const FOLDER_VARIABLE = "PLANT_STORE_COVERAGE_DIR";
let root: string;
let listFile: string;
let createFile: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "plant-store-pact-watch-"));
  listFile = join(root, "list.test.ts");
  createFile = join(root, "create.test.ts");
  for (const file of [listFile, createFile]) writeFileSync(file, "// a test file\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env[FOLDER_VARIABLE];
});

/** A test file's afterAll in its worker: Vitest's expect names the file; it sends, then records. */
async function testFileRecords(file: string, ...targets: string[]): Promise<void> {
  const state = expect.getState();
  vi.spyOn(expect, "getState").mockReturnValue({ ...state, testPath: file });
  const plantStore = createPlantStoreFetchHandler({ seed: [] });
  for (const target of targets) {
    const [method, path] = target.split(" ") as [string, string];
    await plantStore(
      new Request(`http://plant-store.test${path}`, {
        method,
        headers: { authorization: "Bearer watch-token", "content-type": "application/json" },
        ...(method === "POST" ? { body: '{"name":"Fern"}' } : {}),
      }),
    );
  }
  await recordCoverage(plantStore);
  vi.restoreAllMocks();
}

function pactDescriptions(): string[] {
  const pact = JSON.parse(readFileSync(join(root, "pacts/plant-web-plant-store.json"), "utf8"));
  return pact.interactions.map((interaction: { description: string }) => interaction.description);
}

describe("PlantStoreCoverageReporter's pact in watch mode", () => {
  const specifications = (...files: string[]) => files.map((moduleId) => ({ moduleId }));

  it("after a rerun, holds what the files not rerun recorded last, plus what the rerun recorded", async () => {
    const reporter = new PlantStoreCoverageReporter({
      print: () => {},
      pact: { consumer: "plant-web", provider: "plant-store" },
    });
    reporter.onInit({ config: { root } });

    // The first run: every test file.
    reporter.onTestRunStart(specifications(listFile, createFile));
    await testFileRecords(listFile, "GET /plants");
    await testFileRecords(createFile, "POST /plants");
    reporter.onTestRunEnd();
    expect(pactDescriptions()).toEqual([
      "createPlant with name answered 201",
      "listPlants answered 200",
    ]);

    // The list file changed: only it runs again, and now lists with a limit.
    reporter.onTestRunStart(specifications(listFile));
    await testFileRecords(listFile, "GET /plants?limit=0");
    reporter.onTestRunEnd();
    expect(pactDescriptions()).toEqual([
      "createPlant with name answered 201",
      "listPlants with limit=0 answered 200",
    ]);

    // The create file runs again and records nothing (it failed before its afterAll): its
    // interactions go; the list file's stay.
    reporter.onTestRunStart(specifications(createFile));
    reporter.onTestRunEnd();
    expect(pactDescriptions()).toEqual(["listPlants with limit=0 answered 200"]);
  });

  it("drops the interactions of a test file deleted since its last run", async () => {
    const goneFile = join(root, "gone.test.ts");
    writeFileSync(goneFile, "// a test file\n");
    const reporter = new PlantStoreCoverageReporter({
      print: () => {},
      pact: { consumer: "plant-web", provider: "plant-store" },
    });
    reporter.onInit({ config: { root } });
    reporter.onTestRunStart(specifications(listFile, goneFile));
    await testFileRecords(listFile, "GET /plants");
    await testFileRecords(goneFile, "POST /plants");
    reporter.onTestRunEnd();
    expect(pactDescriptions()).toHaveLength(2);

    rmSync(goneFile);
    reporter.onTestRunStart(specifications(listFile));
    await testFileRecords(listFile, "GET /plants");
    reporter.onTestRunEnd();
    expect(pactDescriptions()).toEqual(["listPlants answered 200"]);
  });

  it("keeps the coverage report on the run's own files", async () => {
    const printed: string[] = [];
    const reporter = new PlantStoreCoverageReporter({
      print: (report) => printed.push(report),
      pact: { consumer: "plant-web", provider: "plant-store" },
    });
    reporter.onInit({ config: { root } });
    reporter.onTestRunStart(specifications(listFile, createFile));
    await testFileRecords(listFile, "GET /plants");
    await testFileRecords(createFile, "POST /plants");
    reporter.onTestRunEnd();
    reporter.onTestRunStart(specifications(listFile));
    await testFileRecords(listFile, "GET /plants");
    reporter.onTestRunEnd();
    expect(printed[0]).toMatch(/^Plant Store coverage: 2 of 12 answers exercised\n/);
    expect(printed[2]).toMatch(/^Plant Store coverage: 1 of 12 answers exercised\n/);
    expect(printed[3]).toMatch(/^Plant Store pact: 2 interactions written to /);
  });
});

describe("in a real Vitest watch session (the built package)", () => {
  it("a rerun of one edited file keeps the other file's interactions", async () => {
    const script = fileURLToPath(new URL("./support/vitest-watch-run.mjs", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: { ...process.env, FORCE_COLOR: "0" },
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`The watch session failed:\n${error.stdout}\n${error.stderr}`);
    });
    const lastLine = stdout.trim().split("\n").at(-1) ?? "";
    expect(JSON.parse(lastLine)).toEqual({
      first: ["createPlant with name answered 201", "listPlants answered 200"],
      afterRerun: ["createPlant with name answered 201", "listPlants with limit=0 answered 200"],
    });
  }, 120_000);
});
