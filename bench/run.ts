// `npm run bench [-- --quick] [-- --only=name,name]`: runs each benchmark in a fresh Node
// process of its own (this file again, with --one=name), so one benchmark's JIT state, heap
// and patched globals (MSW's fetch) never colour another's; prints the tables and targets.
import { fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type BenchResult, formatTable, formatTargets, type TargetResult } from "./lib/report.js";

const BENCHMARKS = [
  "server-throughput",
  "sdk-overhead",
  "msw-cost",
  "store-scaling",
  "startup",
  "persistence",
  "peers",
  "generated-plants",
  "core-per-request",
  "shadow-proxy",
];

/** The command line, checked: an unknown flag or benchmark stops it with one line, exit 2. */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        quick: { type: "boolean", default: false },
        only: { type: "string" },
        one: { type: "string" },
      },
    });
    const only = values.only?.split(",") ?? BENCHMARKS;
    const unknown = (values.one ? [values.one] : only).filter((name) => !BENCHMARKS.includes(name));
    const names = `${unknown.join(", ")} (there are ${BENCHMARKS.join(", ")})`;
    if (unknown.length) throw new Error(`no benchmark named ${names}`);
    return { ...values, only };
  } catch (error) {
    console.error(`npm run bench: ${(error as Error).message}`);
    process.exit(2);
  }
}
const { quick, one, only } = readOptions();

async function runInChild(name: string): Promise<BenchResult> {
  const args = [`--one=${name}`, ...(quick ? ["--quick"] : [])];
  // --expose-gc: the benchmarks collect garbage between rounds and weigh the heap.
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv: ["--expose-gc", "--import", "tsx"],
  });
  let result: BenchResult | undefined;
  child.on("message", (message: BenchResult) => {
    result = message;
  });
  const [code] = await once(child, "exit");
  if (code !== 0 || !result) throw new Error(`benchmark ${name} failed (exit code ${code})`);
  return result;
}

if (one) {
  const benchmark: { run(options: { quick: boolean }): Promise<BenchResult> } = await import(
    `./${one}.ts`
  );
  const result = await benchmark.run({ quick });
  // MSW interceptors and keep-alive sockets would keep the process alive: leave once sent.
  process.send?.(result, () => process.exit(0));
} else {
  const rough = quick ? " (--quick: short runs, rough figures)" : "";
  console.log(`# plant-store-sdk benchmarks${rough}\n`);
  const targets: TargetResult[] = [];
  for (const name of BENCHMARKS.filter((each) => only.includes(each))) {
    try {
      const result = await runInChild(name);
      console.log(formatTable(result.table));
      targets.push(...result.targets);
    } catch (error) {
      process.exitCode = 1;
      console.log(`### ${name}\n\nFAILED: ${(error as Error).message}\n`);
    }
  }
  console.log(formatTargets(targets));
}
