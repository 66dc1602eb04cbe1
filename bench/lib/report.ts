// What every benchmark hands back to the runner, and how the runner prints it. Tables are
// Markdown so a full run can be pasted into the README unchanged.

export interface BenchTable {
  title: string;
  /** One sentence: what the baseline row is and what the ratios are relative to. */
  baseline: string;
  columns: string[];
  rows: string[][];
  notes?: string[];
}

export interface TargetResult {
  target: string;
  measured: string;
  pass: boolean;
}

export interface BenchResult {
  tables: BenchTable[];
  targets: TargetResult[];
}

export function formatTable(table: BenchTable): string {
  const widths = table.columns.map((column, index) =>
    Math.max(column.length, ...table.rows.map((row) => (row[index] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ")} |`;
  return [
    `### ${table.title}`,
    "",
    `Baseline: ${table.baseline}`,
    "",
    line(table.columns),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...table.rows.map(line),
    ...(table.notes?.length ? ["", ...table.notes.map((note) => `- ${note}`)] : []),
    "",
  ].join("\n");
}

export function formatTargets(targets: TargetResult[]): string {
  return [
    "### Targets",
    "",
    ...targets.map(
      (result) => `- ${result.pass ? "PASS" : "MISS"} ${result.target}: ${result.measured}`,
    ),
    "",
  ].join("\n");
}

/** "1.07x": how many times the baseline a measurement is. */
export function ratio(value: number, baseline: number): string {
  return baseline > 0 ? `${(value / baseline).toFixed(2)}x` : "n/a";
}

export function micros(nanoseconds: number): string {
  return (nanoseconds / 1000).toFixed(nanoseconds < 10_000 ? 2 : 1);
}
