// The coverage report: its lines, the merge of several suites' rows, an end-to-end run's
// report read through the admin client, and the Vitest reporter with recordCoverage.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import {
  formatCoverageReport,
  mergeCoverage,
  printCoverageReport,
} from "../../src/matchers/index.js";
import { PlantStoreCoverageReporter, recordCoverage } from "../../src/matchers/vitest.js";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { startPlantStoreServer } from "../../src/server/index.js";

const FOLDER_VARIABLE = "PLANT_STORE_COVERAGE_DIR";
const BASE = "http://plant-store.test";

function send(handle: (r: Request) => Promise<Response>, method: string, body?: string) {
  return handle(
    new Request(`${BASE}/plants`, {
      method,
      headers: { authorization: "Bearer coverage-token", "content-type": "application/json" },
      ...(body === undefined ? {} : { body }),
    }),
  );
}

afterEach(() => {
  delete process.env[FOLDER_VARIABLE];
});

describe("formatCoverageReport and mergeCoverage", () => {
  it("adds up the rows by operation and status and lists each answer never got", () => {
    const merged = mergeCoverage(
      [
        { operation: "listPlants", status: 200, count: 2 },
        { operation: "createPlant", status: 409, count: 0 },
        { operation: "createPlant", status: "default", count: 0 },
      ],
      [
        { operation: "listPlants", status: 200, count: 1 },
        { operation: "createPlant", status: 409, count: 1 },
        { operation: "createPlant", status: "default", count: 0 },
      ],
    );
    expect(merged).toEqual([
      { operation: "listPlants", status: 200, count: 3 },
      { operation: "createPlant", status: 409, count: 1 },
      { operation: "createPlant", status: "default", count: 0 },
    ]);
    expect(formatCoverageReport(merged)).toBe(
      "Plant Store coverage: 2 of 3 answers exercised\n  createPlant default: never",
    );
  });
});

describe("printCoverageReport", () => {
  it("prints an end-to-end run's report read through the admin client", async () => {
    const server = await startPlantStoreServer({ admin: true, seed: [] });
    try {
      const admin = createPlantStoreAdmin({ baseUrl: server.url });
      // A token the server does not accept: the app's 401 path is the one exercised.
      await fetch(`${server.url}/plants`, { headers: { authorization: "Bearer e2e-token" } });
      const printed: string[] = [];
      const rows = await printCoverageReport(admin, (report) => printed.push(report));
      expect(rows).toEqual(server.coverage());
      expect(printed).toEqual([
        [
          "Plant Store coverage: 1 of 12 answers exercised",
          "  listPlants 200: never",
          "  listPlants 400: never",
          "  listPlants default: never",
          "  createPlant 200: never",
          "  createPlant 201: never",
          "  createPlant 400: never",
          "  createPlant 401: never",
          "  createPlant 409: never",
          "  createPlant 413: never",
          "  createPlant 415: never",
          "  createPlant default: never",
        ].join("\n"),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("PlantStoreCoverageReporter and recordCoverage", () => {
  it("merges what each source recorded, a source recorded again counting once", async () => {
    const printed: string[] = [];
    const reporter = new PlantStoreCoverageReporter((report) => printed.push(report));
    reporter.onInit();
    reporter.onTestRunStart();
    const first = createPlantStoreFetchHandler({ seed: [] });
    const second = createPlantStoreFetchHandler({ seed: [] });
    await send(first, "GET");
    await recordCoverage(first);
    await send(second, "POST", '{"name":"Fern"}');
    await recordCoverage(first, second);
    reporter.onTestRunEnd();
    const report = printed[0]?.split("\n") ?? [];
    expect(report[0]).toBe("Plant Store coverage: 2 of 12 answers exercised");
    expect(report).not.toContain("  listPlants 200: never");
    expect(report).not.toContain("  createPlant 201: never");
    expect(report).toContain("  createPlant 409: never");
  });

  it("starts each run afresh, and says so when nothing was recorded", async () => {
    const printed: string[] = [];
    const reporter = new PlantStoreCoverageReporter((report) => printed.push(report));
    reporter.onInit();
    await recordCoverage(createPlantStoreFetchHandler());
    reporter.onTestRunStart();
    reporter.onTestRunEnd();
    expect(printed).toEqual([
      "Plant Store coverage: nothing recorded (call recordCoverage(plantStore) in afterAll)",
    ]);
  });

  it("with { pact }, writes pacts/<consumer>-<provider>.json under the run's root, merged over every source", async () => {
    const root = mkdtempSync(join(tmpdir(), "plant-store-pact-root-"));
    try {
      const printed: string[] = [];
      const reporter = new PlantStoreCoverageReporter({
        print: (report) => printed.push(report),
        pact: { consumer: "plant-web", provider: "plant-store" },
      });
      reporter.onInit({ config: { root } });
      reporter.onTestRunStart();
      const first = createPlantStoreFetchHandler({ seed: [] });
      const second = createPlantStoreFetchHandler({ seed: [] });
      await send(first, "GET");
      await send(second, "GET");
      await send(second, "POST", '{"name":"Fern"}');
      // Reset between tests, as suites do: the pact is kept.
      second.reset();
      await recordCoverage(first, second);
      reporter.onTestRunEnd();
      const pact = JSON.parse(readFileSync(join(root, "pacts/plant-web-plant-store.json"), "utf8"));
      expect(pact.consumer).toEqual({ name: "plant-web" });
      expect(pact.provider).toEqual({ name: "plant-store" });
      expect(
        pact.interactions.map((interaction: { description: string }) => interaction.description),
      ).toEqual(["listPlants answered 200", "createPlant with name answered 201"]);
      expect(JSON.stringify(pact)).not.toContain("coverage-token");
      expect(printed[1]).toMatch(
        /^Plant Store pact: 2 interactions written to .*pacts\/plant-web-plant-store\.json$/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each([
    [
      { pact: { consumer: "web" } },
      'PlantStoreCoverageReporter: pact: provider must be a name of letters, digits, ".", "_" and "-" (at most 100, starting with a letter or digit), as the file pacts/<consumer>-<provider>.json uses it.',
    ],
    [{ print: "stdout" }, "PlantStoreCoverageReporter: print must be a function (report) => void."],
    [
      { pacts: {} },
      'PlantStoreCoverageReporter: unknown option "pacts"; the options are print, pact.',
    ],
  ])("refuses the options %j, naming the field", (options, message) => {
    expect(() => new PlantStoreCoverageReporter(options as never)).toThrow(new TypeError(message));
  });

  it("recordCoverage does nothing without the reporter (a run without it in the config)", async () => {
    expect(process.env[FOLDER_VARIABLE]).toBeUndefined();
    await expect(recordCoverage(createPlantStoreFetchHandler())).resolves.toBeUndefined();
  });
});
