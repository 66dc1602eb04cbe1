/**
 * The matchers for Vitest, with their types on `expect(...)`, and the suite-wide coverage
 * report: `PlantStoreCoverageReporter` in the config's `reporters`, and
 * `afterAll(() => recordCoverage(plantStore))` in a test file. The reporter merges what every
 * test file and worker recorded and prints, at the end of the run, each answer of the contract
 * no request got (`createPlant 409: never`). Node only (it passes the rows through a temporary
 * folder). Guide: docs/assertions.md.
 *
 * @module plant-store-sdk/matchers/vitest
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CoverageRow } from "../contract/journal-entries.js";
import { type CoverageSource, formatCoverageReport, mergeCoverage } from "./coverage-report.js";
import type { PlantStoreMatchers } from "./index.js";

export { plantStoreMatchers } from "./index.js";

// tsup's declaration build cannot resolve vitest (tsc and a Vitest project do), and an
// expect-error would fail where it resolves.
// biome-ignore lint/suspicious/noTsIgnore: see above
// @ts-ignore
declare module "vitest" {
  // The type parameter repeats Vitest's own declaration, as merging requires.
  // biome-ignore lint/suspicious/noExplicitAny: Vitest declares Matchers<T = any>
  interface Matchers<T = any> extends PlantStoreMatchers<void> {}
}

/** Where the reporter tells the workers (which it starts) to leave their rows. */
const FOLDER_VARIABLE = "PLANT_STORE_COVERAGE_DIR";

/** A source recorded again replaces its earlier rows instead of adding to them. */
const fileNames = new WeakMap<CoverageSource, string>();

/**
 * Hands the coverage of each source to `PlantStoreCoverageReporter`; call it in `afterAll`.
 * Without the reporter in the run's config it does nothing.
 */
export async function recordCoverage(...sources: CoverageSource[]): Promise<void> {
  const folder = process.env[FOLDER_VARIABLE];
  if (folder === undefined) return;
  for (const source of sources) {
    const name = fileNames.get(source) ?? `${randomUUID()}.json`;
    fileNames.set(source, name);
    writeFileSync(join(folder, name), JSON.stringify(await source.coverage()));
  }
}

/**
 * A Vitest reporter: at the end of each run, the merged coverage of every source the test
 * files recorded (`recordCoverage`), written by `print` (default: to standard output).
 */
export class PlantStoreCoverageReporter {
  readonly #print: (report: string) => void;
  #folder: string | undefined;

  constructor(print: (report: string) => void = (report) => process.stdout.write(`${report}\n`)) {
    this.#print = print;
  }

  /** Vitest calls it once, before it starts the workers. */
  onInit(): void {
    // Set before Vitest starts its workers, which inherit the environment.
    const folder = mkdtempSync(join(tmpdir(), "plant-store-coverage-"));
    this.#folder = folder;
    process.env[FOLDER_VARIABLE] = folder;
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  }

  /** Vitest calls it as each run starts. */
  onTestRunStart(): void {
    // In watch mode each run reports on its own files only.
    const folder = this.#folder;
    if (folder === undefined) return;
    for (const name of this.#recorded()) rmSync(join(folder, name));
  }

  /** Vitest calls it as each run ends: prints the merged report. */
  onTestRunEnd(): void {
    const folder = this.#folder;
    if (folder === undefined) return;
    const reports = this.#recorded().map(
      (name) => JSON.parse(readFileSync(join(folder, name), "utf8")) as CoverageRow[],
    );
    this.#print(
      reports.length === 0
        ? "Plant Store coverage: nothing recorded (call recordCoverage(plantStore) in afterAll)"
        : formatCoverageReport(mergeCoverage(...reports)),
    );
  }

  #recorded(): string[] {
    return this.#folder === undefined ? [] : readdirSync(this.#folder);
  }
}
