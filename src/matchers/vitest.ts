/**
 * The matchers for Vitest, with their types on `expect(...)`, and the suite-wide coverage
 * report: `PlantStoreCoverageReporter` in the config's `reporters`, and
 * `afterAll(() => recordCoverage(plantStore))` in a test file. The reporter merges what every
 * test file and worker recorded and prints, at the end of the run, each answer of the contract
 * no request got (`createPlant 409: never`); with `{ pact: { consumer, provider } }` it also
 * writes the merged consumer contract to `pacts/<consumer>-<provider>.json`. Node only (it
 * passes the rows through a temporary folder). Guides: docs/assertions.md, docs/fidelity.md.
 *
 * @module plant-store-sdk/matchers/vitest
 */
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { CoverageRow } from "../contract/journal-entries.js";
import { checkOptionNames } from "../contract/option-names.js";
import {
  checkPactOptions,
  type PactInteraction,
  type PactOptions,
  toPactDocument,
} from "../contract/pact-document.js";
import {
  type CoverageSource,
  formatCoverageReport,
  mergeCoverage,
  mergePactInteractions,
} from "./coverage-report.js";
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

/** What one source left for the reporter: its coverage rows and its pact interactions. */
interface Recorded {
  /** The test file that recorded it (Vitest's `expect.getState().testPath`), when known. */
  testFile?: string | undefined;
  coverage: CoverageRow[];
  interactions: PactInteraction[];
}

/** Recordings whose test file is unknown, kept under this key from one run to the next. */
const UNKNOWN_FILE = "";

/** Only the interactions are kept from a source's pact; the reporter names the parties. */
const RECORDING: PactOptions = { consumer: "recorded", provider: "recorded" };

/**
 * Hands the coverage (and the pact interactions) of each source to
 * `PlantStoreCoverageReporter`; call it in `afterAll`. Without the reporter in the run's config
 * it does nothing.
 */
export async function recordCoverage(...sources: CoverageSource[]): Promise<void> {
  const folder = process.env[FOLDER_VARIABLE];
  if (folder === undefined) return;
  for (const source of sources) {
    const name = fileNames.get(source) ?? `${randomUUID()}.json`;
    fileNames.set(source, name);
    const pact = source.toPact?.(RECORDING) ?? (await source.pact?.(RECORDING));
    const recorded: Recorded = {
      testFile: await currentTestFile(),
      coverage: [...(await source.coverage())],
      interactions: pact?.interactions ?? [],
    };
    writeFileSync(join(folder, name), JSON.stringify(recorded));
  }
}

/**
 * The test file being run in this worker, as Vitest's `expect` knows it. Imported when asked
 * (only under the reporter), by a name in a variable: this entry must not load or even name
 * Vitest for the type-checker (tsup cannot resolve it) where nothing records.
 */
async function currentTestFile(): Promise<string | undefined> {
  const runner = "vitest";
  try {
    const { expect } = (await import(runner)) as {
      expect?: { getState?: () => { testPath?: unknown } };
    };
    const testPath = expect?.getState?.().testPath;
    return typeof testPath === "string" ? testPath : undefined;
  } catch {
    return undefined;
  }
}

/** Options of {@link PlantStoreCoverageReporter}. */
export interface PlantStoreCoverageReporterOptions {
  /** Where the report goes; default standard output. */
  print?: ((report: string) => void) | undefined;
  /**
   * Also write the consumer contract of every recorded source, merged, to
   * `pacts/<consumer>-<provider>.json` under the run's root (docs/fidelity.md).
   */
  pact?: PactOptions | undefined;
}

/**
 * A Vitest reporter: at the end of each run, the merged coverage of every source the test
 * files recorded (`recordCoverage`), written by `print` (default: to standard output); with
 * `pact`, the merged pact file too. `new PlantStoreCoverageReporter(print)` still works.
 */
export class PlantStoreCoverageReporter {
  readonly #print: (report: string) => void;
  readonly #pact: PactOptions | undefined;
  #folder: string | undefined;
  #root = process.cwd();
  /**
   * The pact interactions each test file recorded in the last run that ran it. In watch mode a
   * run takes only some files; the pact file still speaks for the whole suite.
   */
  readonly #interactionsByFile = new Map<string, PactInteraction[][]>();
  /** The test files of the current run; `undefined` when Vitest did not say (all of them). */
  #runFiles: ReadonlySet<string> | undefined;
  #pactWritten = false;

  constructor(options: PlantStoreCoverageReporterOptions | ((report: string) => void) = {}) {
    const { print, pact } =
      typeof options === "function" ? { print: options } : checkReporterOptions(options);
    this.#print = print ?? ((report) => process.stdout.write(`${report}\n`));
    this.#pact = pact;
  }

  /** Vitest calls it once, before it starts the workers, with itself (its config's root). */
  onInit(vitest?: { config?: { root?: string } }): void {
    this.#root = vitest?.config?.root ?? this.#root;
    // Set before Vitest starts its workers, which inherit the environment.
    const folder = mkdtempSync(join(tmpdir(), "plant-store-coverage-"));
    this.#folder = folder;
    process.env[FOLDER_VARIABLE] = folder;
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  }

  /** Vitest calls it as each run starts, with the test files it is about to run. */
  onTestRunStart(specifications?: readonly { moduleId: string }[]): void {
    this.#runFiles =
      specifications === undefined
        ? undefined
        : new Set(specifications.map((specification) => specification.moduleId));
    // In watch mode each run's coverage report is on its own files only.
    const folder = this.#folder;
    if (folder === undefined) return;
    for (const name of this.#recorded()) rmSync(join(folder, name));
  }

  /** Vitest calls it as each run ends: prints the merged report. */
  onTestRunEnd(): void {
    const folder = this.#folder;
    if (folder === undefined) return;
    const reports = this.#recorded().map(
      (name) => JSON.parse(readFileSync(join(folder, name), "utf8")) as Recorded,
    );
    this.#keepInteractions(reports);
    if (reports.length === 0) {
      this.#print(
        "Plant Store coverage: nothing recorded (call recordCoverage(plantStore) in afterAll)",
      );
    } else {
      this.#print(formatCoverageReport(mergeCoverage(...reports.map((report) => report.coverage))));
    }
    // Once written, the file follows every run, also one whose files recorded nothing.
    if (this.#pact !== undefined && (this.#interactionsByFile.size > 0 || this.#pactWritten)) {
      this.#writePact(this.#pact);
    }
  }

  /**
   * This run's interactions replace those of the files it ran (a file that recorded nothing
   * this time has none left); the files it did not run keep theirs from their last run. A file
   * deleted since has none.
   */
  #keepInteractions(reports: readonly Recorded[]): void {
    const ran = this.#runFiles;
    for (const file of this.#interactionsByFile.keys()) {
      const gone = file !== UNKNOWN_FILE && !existsSync(file);
      if (ran === undefined || ran.has(file) || file === UNKNOWN_FILE || gone) {
        this.#interactionsByFile.delete(file);
      }
    }
    for (const { testFile = UNKNOWN_FILE, interactions } of reports) {
      const kept = this.#interactionsByFile.get(testFile);
      if (kept === undefined) this.#interactionsByFile.set(testFile, [interactions]);
      else kept.push(interactions);
    }
  }

  #writePact(parties: PactOptions): void {
    // By test file, so the file's order does not depend on which worker finished first.
    const files = [...this.#interactionsByFile.keys()].sort();
    const interactions = mergePactInteractions(
      ...files.flatMap((file) => this.#interactionsByFile.get(file) ?? []),
    );
    const folder = join(this.#root, "pacts");
    const file = join(folder, `${parties.consumer}-${parties.provider}.json`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, `${JSON.stringify(toPactDocument(interactions, parties), null, 2)}\n`);
    this.#pactWritten = true;
    this.#print(
      `Plant Store pact: ${interactions.length} interactions written to ${relative(process.cwd(), file)}`,
    );
  }

  #recorded(): string[] {
    return this.#folder === undefined ? [] : readdirSync(this.#folder);
  }
}

function checkReporterOptions(options: unknown): PlantStoreCoverageReporterOptions {
  const verb = "PlantStoreCoverageReporter: ";
  checkOptionNames(options, { print: true, pact: true }, verb);
  const { print, pact } = options as PlantStoreCoverageReporterOptions;
  if (print !== undefined && typeof print !== "function") {
    throw new TypeError(`${verb}print must be a function (report) => void.`);
  }
  return { print, pact: pact === undefined ? undefined : checkPactOptions(pact, `${verb}pact: `) };
}
