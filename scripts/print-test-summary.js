// Prints the plain "N passed, N failed" closing line that CI reads, from vitest's JSON report.
// Only written when CI=true (see vitest.config.ts); elsewhere vitest's own summary is enough.
import { existsSync, readFileSync } from "node:fs";

const reportPath = ".tmp/vitest-results.json";
if (existsSync(reportPath)) {
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
  );
}
