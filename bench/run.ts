// `npm run bench [-- --quick] [-- --only=name,name]`: runs every benchmark, each in a fresh
// Node process (so one benchmark's JIT state, heap and globals, e.g. MSW's patched fetch,
// never colour another's), and prints its tables and the targets as Markdown.
import { fork } from "node:child_process";
import { once } from "node:events";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { formatTable, formatTargets } from "./lib/report.js";

const BENCHMARKS = [
  "server-throughput",
  "sdk-overhead",
  "msw-cost",
  "store-scaling",
  "startup",
  "bundle-size",
  "persistence",
] as const;

const quick = process.argv.includes("--quick");
const only = process.argv
  .find((argument) => argument.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const selected = BENCHMARKS.filter((name) => !only || only.includes(name));

async function runInChild(name: string): Promise<BenchResult> {
  const child = fork(new URL("./run-one.ts", import.meta.url).pathname, [name], {
    // --expose-gc lets the benchmarks collect garbage between rounds and weigh the heap.
    execArgv: ["--expose-gc", "--import", "tsx"],
    env: { ...process.env, BENCH_QUICK: quick ? "1" : "" },
  });
  let result: BenchResult | undefined;
  child.on("message", (message) => {
    result = message as BenchResult;
  });
  const [code] = await once(child, "exit");
  if (code !== 0 || !result) throw new Error(`benchmark ${name} failed (exit code ${code})`);
  return result;
}

const startedAt = performance.now();
console.log(
  `# plant-store-sdk benchmarks${quick ? " (quick: short runs, figures are rough)" : ""}\n`,
);
const targets: TargetResult[] = [];
let failed = 0;
for (const name of selected) {
  try {
    const benchStartedAt = performance.now();
    const result = await runInChild(name);
    for (const table of result.tables) console.log(formatTable(table));
    console.log(`(${name}: ${((performance.now() - benchStartedAt) / 1000).toFixed(1)} s)\n`);
    targets.push(...result.targets);
  } catch (error) {
    failed++;
    console.log(`### ${name}\n\nFAILED: ${(error as Error).message}\n`);
  }
}
console.log(formatTargets(targets));
console.log(`Total time: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
process.exitCode = failed ? 1 : 0;
