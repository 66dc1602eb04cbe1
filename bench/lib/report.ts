// What every benchmark hands back to the runner, and how the runner prints it: a Markdown
// table (so a run can be pasted into docs/performance.md unchanged) and a PASS/MISS line per
// target.

export interface BenchTable {
  title: string;
  /** One sentence: what the baseline row is and what the ratios are relative to. */
  baseline: string;
  columns: string[];
  rows: string[][];
  notes: string[];
}

export type TargetResult = { target: string; measured: string; pass: boolean };
export type BenchResult = { table: BenchTable; targets: TargetResult[] };

export function formatTable({ title, baseline, columns, rows, notes }: BenchTable): string {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => (row[index] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ")} |`;
  return [
    `### ${title}`,
    "",
    `Baseline: ${baseline}`,
    "",
    line(columns),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...rows.map(line),
    "",
    ...notes.map((note) => `- ${note}`),
    "",
  ].join("\n");
}

export function formatTargets(targets: TargetResult[]): string {
  const lines = targets.map(
    ({ pass, target, measured }) => `- ${pass ? "PASS" : "MISS"} ${target}: ${measured}`,
  );
  return ["### Targets", "", ...lines, ""].join("\n");
}

/** "1.07x": how many times the baseline a measurement is. */
export const ratio = (value: number, baseline: number) =>
  baseline > 0 ? `${(value / baseline).toFixed(2)}x` : "n/a";

/** Nanoseconds as microseconds, with two decimals below 10 µs. */
export const micros = (nanoseconds: number) =>
  (nanoseconds / 1000).toFixed(nanoseconds < 10_000 ? 2 : 1);
