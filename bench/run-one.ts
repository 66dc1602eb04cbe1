// Runs one benchmark in this process and sends its result to the runner (bench/run.ts).
import type { BenchResult } from "./lib/report.js";

const name = process.argv[2];
const benchmark = (await import(`./${name}.ts`)) as {
  run(options: { quick: boolean }): Promise<BenchResult>;
};
const result = await benchmark.run({ quick: process.env.BENCH_QUICK === "1" });
// Some benchmarks leave handles (MSW interceptors, keep-alive sockets) that would keep
// the process alive: leave as soon as the result is delivered.
process.send?.(result, () => process.exit(0));
