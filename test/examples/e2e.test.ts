// Runs examples/e2e as a user would, `playwright test --workers=4`: four workers against one
// mock server, each in its own sandbox. Passes when Playwright's own report says every test
// passed, and that the tests really ran on four workers at once.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { testToolBin } from "../../scripts/test-tools.js";

const config = fileURLToPath(new URL("../../examples/e2e/playwright.config.ts", import.meta.url));
// Playwright writes its run files here, not into the example's folder.
const outputDir = mkdtempSync(join(tmpdir(), "plant-store-e2e-"));
afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

interface ReportSuite {
  suites?: ReportSuite[];
  specs?: { title: string; tests: { results: { status: string; parallelIndex: number }[] }[] }[];
}
interface Report extends ReportSuite {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message: string }[];
}

function results(suite: ReportSuite): { title: string; status: string; parallelIndex: number }[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.flatMap((test) => test.results.map((result) => ({ title: spec.title, ...result }))),
  );
  return [...own, ...(suite.suites ?? []).flatMap(results)];
}

async function runPlaywright(): Promise<{ code: number | null; report: Report }> {
  const child = spawn(
    testToolBin("playwright"),
    ["test", "--config", config, "--workers=4", "--reporter=json", "--output", outputDir],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  const [code] = await once(child, "exit");
  return { code, report: JSON.parse(stdout) as Report };
}

describe("examples/e2e with Playwright Test", () => {
  it("passes on four workers at once, each in its own sandbox on one server", async () => {
    const { code, report } = await runPlaywright();
    expect(report.errors).toEqual([]);
    const all = results(report);
    expect(all.filter((result) => result.status !== "passed")).toEqual([]);
    expect(report.stats).toMatchObject({ unexpected: 0, flaky: 0, skipped: 0 });
    expect(code).toBe(0);
    expect(all.map((result) => result.title)).toContain(
      "round 1: a worker sees only its own plants, faults and requests",
    );
    expect(new Set(all.map((result) => result.parallelIndex))).toEqual(new Set([0, 1, 2, 3]));
  }, 300_000);
});
