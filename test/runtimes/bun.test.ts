// Bun: the fetch handler served by Bun.serve, and the MSW handler set in setupServer, each
// with the SDK calling it; all from dist/.
import { beforeAll, describe, expect, it } from "vitest";
import { requireDist } from "./support/dist.js";
import { expectedReport } from "./support/expected-report.js";
import { runRuntime } from "./support/run-runtime.js";

beforeAll(requireDist);

describe("Bun", () => {
  it("serves the store with Bun.serve, the SDK gets the contract's answers, generatePlants gives Node's plants for a seed, and the process exits 0", async () => {
    const run = await runRuntime("bun", ["run", "test/runtimes/fixtures/bun-serve.ts"]);
    expect({ code: run.code, timedOut: run.timedOut, stderr: run.stderr }).toEqual({
      code: 0,
      timedOut: false,
      stderr: "",
    });
    const report = JSON.parse(run.stdout);
    expect(report.runtime).toMatch(/^1\.4\./);
    // Bun says "Bun/1.4.5", not "Mozilla/...": the SDK sends its own User-Agent.
    expect(report).toEqual({ runtime: report.runtime, ...expectedReport(/^Bun\/1\.4\./) });
  }, 40_000);

  it("runs the MSW handler set in msw's setupServer with the SDK on Bun's fetch, and exits 0", async () => {
    const run = await runRuntime("bun", ["run", "test/runtimes/fixtures/bun-msw.ts"]);
    expect({ code: run.code, timedOut: run.timedOut }).toEqual({ code: 0, timedOut: false });
    expect(JSON.parse(run.stdout)).toEqual({
      created: { name: "Ivy", tag: "vine" },
      later: [{ name: "Seed fern" }, { name: "Ivy", tag: "vine" }],
      unauthorized: {
        error: 401,
        message: "The bearer token in the Authorization header is not accepted.",
      },
    });
  }, 40_000);
});
