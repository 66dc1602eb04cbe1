import type { VerifyReport } from "./types.js";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The one-line verdict that ends the table. */
export function summarizeReport(report: VerifyReport): string {
  const verdict = report.violations === 0 ? "no violations" : "VIOLATIONS FOUND";
  return (
    `${verdict}: ${plural(report.checks.length, "check")}, ${report.passed} passed, ` +
    `${plural(report.violations, "violation")}, ${plural(report.differences, "difference")}, ` +
    `${report.skipped} skipped`
  );
}

/** The report as a table a person reads in a terminal or a CI log. */
export function formatReport(report: VerifyReport): string {
  const mode = report.allowWrites ? "writes allowed" : "read-only";
  const rows = [
    ["check", "result", "detail"],
    ...report.checks.map((check) => [check.id, check.result, check.detail]),
  ];
  const idWidth = Math.max(...rows.map((row) => row[0]?.length ?? 0));
  const resultWidth = Math.max(...rows.map((row) => row[1]?.length ?? 0));
  const lines = rows.map(([id = "", result = "", detail = ""]) =>
    `${id.padEnd(idWidth)}  ${result.padEnd(resultWidth)}  ${detail}`.trimEnd(),
  );
  return [
    `plant-store-verify: ${report.baseUrl} against openapi.yaml ${report.specVersion} (${mode})`,
    "",
    ...lines,
    "",
    summarizeReport(report),
  ].join("\n");
}
