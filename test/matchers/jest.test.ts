// Runs the matchers' Jest suite (test/matchers/jest/, on the runners' shared suite in support/)
// with the Jest of test-tools/ against the built package, and checks that every one of its
// tests ran and passed.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { testToolBin } from "../../scripts/test-tools.js";

const run = promisify(execFile);
const config = fileURLToPath(new URL("./jest/jest.config.cjs", import.meta.url));

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

describe("the matchers in Jest", () => {
  it("pass the Jest suite: each matcher passing and failing, with its message", async () => {
    const { stdout } = await run(testToolBin("jest"), ["--config", config, "--json", "--ci"], {
      env: { ...process.env, FORCE_COLOR: "0" },
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`Jest failed:\n${error.stderr}`);
    });
    const report = JSON.parse(stdout) as JestReport;
    const names = report.testResults.flatMap((file) =>
      file.assertionResults.map((t) => t.fullName),
    );
    expect(names).toEqual([
      "toHaveReceived passes on a partial match and fails listing the closest request first, with a diff",
      "toHaveReceived fails naming the other requests when none was of the operation",
      "toHaveReceived .not passes when none matches and fails listing the matching ones",
      "toHaveReceivedTimes passes on the exact count and fails showing the requests",
      "toHaveReceivedTimes .not fails on the count it names",
      "toHaveNoContractViolations passes on a clean journal and fails naming the request and the rule",
      "toHaveNoContractViolations .not passes on a violation and fails without one",
      "toHaveNoContractViolations refuses what is not a Plant Store, naming it",
    ]);
    expect(report).toMatchObject({ numFailedTests: 0, numPassedTests: 8 });
  }, 60_000);
});
