// Deno: the fetch handler served by Deno.serve and the SDK calling it, both from dist/.
// The script must exit by itself: importing msw used to keep Deno alive forever.
import { beforeAll, describe, expect, it } from "vitest";
import { requireDist } from "./support/dist.js";
import { expectedReport } from "./support/expected-report.js";
import { runRuntime } from "./support/run-runtime.js";

beforeAll(requireDist);

// Only the network permission the server and the SDK need; --no-lock keeps Deno from
// writing a deno.lock into the repository.
const args = ["run", "--no-lock", "--allow-net=127.0.0.1", "test/runtimes/fixtures/deno-serve.ts"];

describe("Deno", () => {
  it("serves the store with Deno.serve, the SDK gets the contract's answers, generatePlants gives Node's plants for a seed, and the process exits 0", async () => {
    const run = await runRuntime("deno", args);
    expect({ code: run.code, timedOut: run.timedOut }).toEqual({ code: 0, timedOut: false });
    const report = JSON.parse(run.stdout);
    expect(report.runtime).toMatch(/^2\.9\./);
    // Deno says "Deno/2.9.5", not "Mozilla/...": the SDK sends its own User-Agent.
    expect(report).toEqual({ runtime: report.runtime, ...expectedReport(/^Deno\/2\.9\./) });
  }, 40_000);
});
