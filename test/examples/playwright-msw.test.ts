// Runs examples/playwright-msw as a user would, `playwright test`: the page in Debian's
// Chromium, its requests answered by the MSW handlers through @msw/playwright, no server. Passes
// when Playwright's own report says every test passed.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { testToolBin } from "../../scripts/test-tools.js";

const config = fileURLToPath(
  new URL("../../examples/playwright-msw/playwright.config.ts", import.meta.url),
);
// Playwright writes its run files here, not into the example's folder.
const outputDir = mkdtempSync(join(tmpdir(), "plant-store-playwright-msw-"));
afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

interface ReportSuite {
  suites?: ReportSuite[];
  specs?: { title: string; tests: { results: { status: string }[] }[] }[];
}
interface Report extends ReportSuite {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message: string }[];
}

function results(suite: ReportSuite): { title: string; status: string }[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.flatMap((test) => test.results.map(({ status }) => ({ title: spec.title, status }))),
  );
  return [...own, ...(suite.suites ?? []).flatMap(results)];
}

describe("examples/playwright-msw with Playwright Test and @msw/playwright", () => {
  it("passes in Chromium with the handlers in the test process and a sandbox per test", async () => {
    const child = spawn(
      testToolBin("playwright"),
      ["test", "--config", config, "--reporter=json", "--output", outputDir],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const [code] = await once(child, "exit");
    const report = JSON.parse(stdout) as Report;
    expect(report.errors).toEqual([]);
    const all = results(report);
    expect(all.filter((result) => result.status !== "passed")).toEqual([]);
    expect(report.stats).toMatchObject({ expected: 4, unexpected: 0, flaky: 0, skipped: 0 });
    expect(code).toBe(0);
  }, 180_000);
});
