// Benchmark 5: time from launching a mock server process until it answers an HTTP request.
// Our CLI is bundled fresh from src the way tsup builds it (lib/node-bundle.ts).
// The floor is a bundled raw node:http server: what Node itself needs to start and listen.
import { type ChildProcess, spawn } from "node:child_process";
import { DEMO_TOKEN } from "../src/server/index.js";
import { bundleForNode, launchOnFreePort } from "./lib/node-bundle.js";
import { median } from "./lib/per-call.js";
import { startPrism } from "./lib/prism.js";
import { firstLine, REPO_ROOT, stop, waitUntilAnswering } from "./lib/processes.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { ratio } from "./lib/report.js";

const FLOOR = "raw node:http (Node start + listen)";
const OURS = "plant-store-mock --quiet";
const PRISM = "prism mock -v error";

/** The raw server listens on port 0 and prints its URL; timed until it answers there. */
async function launchRaw(script: string) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const url = await firstLine(child);
  return { startupMs: await waitUntilAnswering(`${url}/plants`, {}, startedAt), child };
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const runs = quick ? 1 : 7;
  const cli = await bundleForNode("src/server/cli/plant-store-mock.ts", "plant-store-mock");
  const raw = await bundleForNode("bench/servers/raw-node-http.ts", "raw-node-http");
  const starters: [string, () => Promise<{ startupMs: number; child: ChildProcess }>][] = [
    [FLOOR, () => launchRaw(raw)],
    [OURS, () => launchOnFreePort(cli, ["--quiet"], `Bearer ${DEMO_TOKEN}`)],
    [PRISM, startPrism],
  ];
  const times = new Map<string, number[]>(starters.map(([name]) => [name, []]));
  // Interleaved runs, so a busy moment on the machine does not land on one server only.
  for (let index = 0; index < runs; index++) {
    for (const [name, start] of starters) {
      const { startupMs, child } = await start();
      times.get(name)?.push(startupMs);
      await stop(child);
    }
  }

  const floor = median(times.get(FLOOR) ?? []);
  const rows = starters.map(([name]) => {
    const samples = times.get(name) ?? [];
    return [
      name,
      median(samples).toFixed(0),
      `${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)}`,
      ratio(median(samples), floor),
    ];
  });
  const ours = median(times.get(OURS) ?? []);
  const prism = median(times.get(PRISM) ?? []);
  const targets: TargetResult[] = [
    {
      target: "mock server answers within 300 ms of launch",
      measured: `${ours.toFixed(0)} ms median (prism mock: ${prism.toFixed(0)} ms)`,
      pass: ours <= 300,
    },
  ];
  return {
    tables: [
      {
        title: "5. Start-up: launch until the first HTTP answer",
        baseline: `${FLOOR}, bundled the same way; "x floor" divides the median by its median.`,
        columns: ["server", "median ms", "range ms", "x floor"],
        rows,
        notes: [
          `${runs} launches each, interleaved; polled every 5 ms with GET /plants until any HTTP answer arrives.`,
        ],
      },
    ],
    targets,
  };
}
