// Runs the matchers' Bun suite (test/matchers/bun/, on the runners' shared suite in support/)
// with `bun test`, Bun of test-tools/, against the built package, and checks that every one of
// its tests ran and passed.
import { stripVTControlCharacters } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { requireDist } from "../runtimes/support/dist.js";
import { runRuntime } from "../runtimes/support/run-runtime.js";

beforeAll(requireDist);

describe("the matchers in Bun's test runner", () => {
  it("pass the Bun suite: each matcher passing and failing, with its message", async () => {
    const run = await runRuntime("bun", ["test", "./test/matchers/bun/matchers.spec.ts"]);
    // bun test reports on stderr, one "(pass) describe > test" line per test.
    const report = stripVTControlCharacters(run.stderr);
    expect({ code: run.code, timedOut: run.timedOut }, report).toEqual({
      code: 0,
      timedOut: false,
    });
    expect(report.match(/^\((pass|fail|skip|todo)\) .*?(?= \[[\d.]+m?s\]$)/gm)).toEqual([
      "(pass) toHaveReceived > passes on a partial match and fails listing the closest request first, with a diff",
      "(pass) toHaveReceived > fails naming the other requests when none was of the operation",
      "(pass) toHaveReceived > .not passes when none matches and fails listing the matching ones",
      "(pass) toHaveReceivedTimes > passes on the exact count and fails showing the requests",
      "(pass) toHaveReceivedTimes > .not fails on the count it names",
      "(pass) toHaveNoContractViolations > passes on a clean journal and fails naming the request and the rule",
      "(pass) toHaveNoContractViolations > .not passes on a violation and fails without one",
      "(pass) toHaveNoContractViolations > refuses what is not a Plant Store, naming it",
      "(pass) toHaveReceived in Bun > draws its own diff under the closest request",
    ]);
    expect(report).toMatch(/^ 9 pass\n 0 fail$/m);
  }, 60_000);
});
