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
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  coverage: CoverageRow[];
  interactions: PactInteraction[];
}

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
      coverage: [...(await source.coverage())],
      interactions: pact?.interactions ?? [],
    };
    writeFileSync(join(folder, name), JSON.stringify(recorded));
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
      (name) => JSON.parse(readFileSync(join(folder, name), "utf8")) as Recorded,
    );
    if (reports.length === 0) {
      this.#print(
        "Plant Store coverage: nothing recorded (call recordCoverage(plantStore) in afterAll)",
      );
      return;
    }
    this.#print(formatCoverageReport(mergeCoverage(...reports.map((report) => report.coverage))));
    if (this.#pact !== undefined) this.#writePact(reports, this.#pact);
  }

  #writePact(reports: readonly Recorded[], parties: PactOptions): void {
    const interactions = mergePactInteractions(...reports.map((report) => report.interactions));
    const folder = join(this.#root, "pacts");
    const file = join(folder, `${parties.consumer}-${parties.provider}.json`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, `${JSON.stringify(toPactDocument(interactions, parties), null, 2)}\n`);
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
