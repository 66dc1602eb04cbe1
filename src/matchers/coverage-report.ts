// The coverage report: which answers of the contract a suite never saw. Runner-neutral and
// network-free; the Vitest reporter (./vitest.ts) merges the rows of every test file and
// worker, and an end-to-end suite reads them through the admin client.
import type { CoverageRow } from "../contract/journal-entries.js";
import type { PactInteraction, PactOptions, PlantStorePact } from "../contract/pact-document.js";

/** Anything with `coverage()`: the in-process objects, a sandbox, or the admin client. */
export interface CoverageSource {
  /** One row per answer the contract defines, with how many requests got it. */
  coverage(): readonly CoverageRow[] | Promise<readonly CoverageRow[]>;
  /** The in-process worlds' pact, which the Vitest reporter merges into its pact file. */
  toPact?(options: PactOptions): PlantStorePact;
  /** The admin client's (GET /__admin/pact). */
  pact?(options: PactOptions): Promise<PlantStorePact>;
}

/**
 * The interactions of several pacts as one list: the first of each description and provider
 * states wins, which is what a Pact verifier tells interactions apart by.
 */
export function mergePactInteractions(
  ...lists: readonly (readonly PactInteraction[])[]
): PactInteraction[] {
  const merged = new Map<string, PactInteraction>();
  for (const interactions of lists) {
    for (const interaction of interactions) {
      const states = (interaction.providerStates ?? []).map((state) => state.name);
      const key = JSON.stringify([interaction.description, states]);
      if (!merged.has(key)) merged.set(key, interaction);
    }
  }
  return [...merged.values()];
}

/** The rows of several runs added up, by operation and status, in order of first appearance. */
export function mergeCoverage(...reports: readonly (readonly CoverageRow[])[]): CoverageRow[] {
  const merged = new Map<string, CoverageRow>();
  for (const rows of reports) {
    for (const { operation, status, count } of rows) {
      const key = `${operation} ${status}`;
      const seen = merged.get(key);
      if (seen === undefined) merged.set(key, { operation, status, count });
      else seen.count += count;
    }
  }
  return [...merged.values()];
}

/**
 * One line per answer the contract defines that no request got (`createPlant 409: never`),
 * after a line saying how many were exercised.
 */
export function formatCoverageReport(rows: readonly CoverageRow[]): string {
  const never = rows.filter((row) => row.count === 0);
  const head = `Plant Store coverage: ${rows.length - never.length} of ${rows.length} answers exercised`;
  return [head, ...never.map((row) => `  ${row.operation} ${row.status}: never`)].join("\n");
}

/**
 * Reads `source.coverage()` (the admin client's goes through GET /__admin/coverage), hands
 * the report to `print` (default `console.log`) and returns the rows.
 */
export async function printCoverageReport(
  source: CoverageSource,
  print: (report: string) => void = console.log,
): Promise<readonly CoverageRow[]> {
  const rows = await source.coverage();
  print(formatCoverageReport(rows));
  return rows;
}
