// Benchmark 2: what each HTTP client adds per call, with a stub `fetch` that answers at
// once, so only the client's own work (building the request, auth, parsing, error and
// retry plumbing) is timed. The candidates are in bench/sdk-overhead-candidates.ts.
import { fileURLToPath } from "node:url";
import { bundleForNode } from "./lib/node-bundle.js";
import { pairedRatio } from "./lib/per-call.js";
import { measurePerCallInProcesses } from "./lib/per-call-processes.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { micros, ratio } from "./lib/report.js";
import {
  BASELINE,
  OURS,
  type SdkCandidateOptions,
  WITH_TIMEOUT,
} from "./sdk-overhead-candidates.js";

const CANDIDATES = fileURLToPath(new URL("./sdk-overhead-candidates.ts", import.meta.url));

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick
    ? { warmupCalls: 1_000, callsPerRound: 500, rounds: 3 }
    : { warmupCalls: 20_000, callsPerRound: 3_000, rounds: 51 };
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  // The SDK as users run it: bundled from src the way tsup builds dist/. (Through tsx, every
  // function the SDK creates per call would also pay for esbuild's keepNames wrapper.)
  const sdkBundle = await bundleForNode("src/client/index.ts", "sdk");
  for (const [label, operation] of [
    ["listPlants (GET)", "list"],
    ["createPlant (POST)", "create"],
  ] as const) {
    const options: SdkCandidateOptions = { operation, sdkBundle };
    const results = await measurePerCallInProcesses(CANDIDATES, options, plan);
    const named = (name: string) => {
      const found = results.find((result) => result.name === name);
      if (!found) throw new Error(`no candidate named ${name}`);
      return found;
    };
    const baseline = named(BASELINE);
    for (const result of results) {
      rows.push([
        label,
        result.name,
        micros(result.medianNs),
        `${micros(result.minNs)}-${micros(result.maxNs)}`,
        ratio(pairedRatio(result, baseline), 1),
      ]);
    }
    const ours = named(OURS);
    const versusTimeout = pairedRatio(ours, named(WITH_TIMEOUT));
    const versusBare = pairedRatio(ours, baseline);
    targets.push(
      {
        target: `SDK ${label} per call <= 1.0x ${WITH_TIMEOUT}`,
        measured: ratio(versusTimeout, 1),
        pass: versusTimeout <= 1,
      },
      {
        target: `SDK ${label} per call <= 1.3x ${BASELINE}`,
        measured: ratio(versusBare, 1),
        pass: versusBare <= 1.3,
      },
    );
  }
  return {
    tables: [
      {
        title: "2. SDK overhead per call (stub fetch)",
        baseline: `${BASELINE} (createClient with the same stub fetch and headers); "x baseline" is the median over the rounds of the ratio to the baseline's time in the same round.`,
        columns: ["operation", "client", "median µs/call", "range over rounds", "x baseline"],
        rows,
        notes: [
          `${plan.rounds} rounds of ${plan.callsPerRound} sequential calls each after ${plan.warmupCalls} warm-up calls; each candidate runs in a Node process of its own, warmed up alone; they take turns in rotating order, with a GC before each turn. The SDK is bundled from src as tsup builds it.`,
        ],
      },
    ],
    targets,
  };
}
