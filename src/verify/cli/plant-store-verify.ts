#!/usr/bin/env node
// plant-store-verify: checks a live deployment against openapi.yaml. Exit 0 = no violations,
// 1 = violations, 2 = bad usage or a run that could not be judged (one line on stderr).
import { oneLine, plural, readPackageVersion } from "../../command-line/command-line.js";
import { PlantStoreVerifyError } from "../errors/PlantStoreVerifyError.js";
import type { VerifyProgress, VerifyReport } from "../types.js";
import { verifyPlantStore } from "../verify-plant-store.js";
import { parseCliArguments, USAGE } from "./cli-arguments.js";

/** The one-line verdict that ends the table. */
function summarizeReport(report: VerifyReport): string {
  const verdict = report.violations === 0 ? "no violations" : "VIOLATIONS FOUND";
  return (
    `${verdict}: ${plural(report.checks.length, "check")}, ${report.passed} passed, ` +
    `${plural(report.violations, "violation")}, ${plural(report.differences, "difference")}, ` +
    `${report.skipped} skipped`
  );
}

/** The report as a table a person reads in a terminal or a CI log. */
function formatReport(report: VerifyReport): string {
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

// The progress line is redrawn in place, so it only makes sense on a terminal; in CI logs
// it would add one line per check before the table that says it all.
const showProgress = process.stderr.isTTY === true;

function drawProgress(progress: VerifyProgress): void {
  process.stderr.write(`\r\x1b[2K[${progress.index}/${progress.total}] ${progress.title}`);
}

function fail(message: string): void {
  process.stderr.write(`plant-store-verify: ${oneLine(message)}\n`);
  process.exitCode = 2;
}

async function main(): Promise<void> {
  const command = parseCliArguments(process.argv.slice(2), process.env);
  if (command.kind === "help") return void process.stdout.write(`${USAGE}\n`);
  if (command.kind === "version") return void process.stdout.write(`${readPackageVersion()}\n`);
  if (command.kind === "usage-error") return fail(`${command.message} (see --help)`);

  const { options, json } = command;
  try {
    const report = await verifyPlantStore({
      ...options,
      onProgress: showProgress ? drawProgress : undefined,
    });
    if (showProgress) process.stderr.write("\r\x1b[2K");
    process.stdout.write(`${json ? JSON.stringify(report, null, 2) : formatReport(report)}\n`);
    process.exitCode = report.violations > 0 ? 1 : 0;
  } catch (error) {
    if (showProgress) process.stderr.write("\r\x1b[2K");
    if (!(error instanceof PlantStoreVerifyError)) throw error;
    fail(error.message);
  }
}

await main();
