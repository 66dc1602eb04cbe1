// Server throughput and latency on loopback: our server as the CLI and as started from code,
// against a raw node:http ceiling measured in the same run. Each server runs in a process of
// its own and autocannon in another, so on 2 cores each gets one and the runner takes neither.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BENCH_TOKEN, CREATE_REQUEST, LIST_REQUEST, TEN_PLANTS_JSON } from "./lib/fixtures.js";
import { BENCH_OUT_DIR, bundleCli, bundleForNode, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";
import { keepFaster, type LoadFigures, runLoad } from "./servers/load-generator.js";

const CEILING = "raw node:http (ceiling)";
const SEED_FILE = join(BENCH_OUT_DIR, "ten-plants.json");

/** Each server bundled from src as tsup builds dist/, serving the same ten plants. */
const SERVERS = [
  { name: CEILING, script: () => bundleForNode("bench/servers/raw-node-http.ts", "raw-node-http") },
  {
    name: "plant-store-mock --quiet",
    script: bundleCli,
    args: ["--port", "0", "--quiet", "--token", BENCH_TOKEN, "--seed", SEED_FILE],
  },
  {
    name: "startPlantStoreServer defaults",
    script: () => bundleForNode("bench/servers/plant-store-server.ts", "plant-store-server"),
  },
];

/** Each request, with the share of the ceiling's req/s our server must reach. */
const ROUTES = [
  { request: LIST_REQUEST, goal: 0.75 },
  { request: CREATE_REQUEST, goal: 0.6 },
];

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = { connections: 50, seconds: quick ? 1 : 5, warmupSeconds: quick ? 0 : 2 };
  const runs = quick ? 1 : 2;
  await mkdir(BENCH_OUT_DIR, { recursive: true }); // a fresh clone has no .tmp/bench yet
  await writeFile(SEED_FILE, TEN_PLANTS_JSON);
  const figures = new Map<string, LoadFigures>();
  for (const server of SERVERS) {
    const { url, child } = await startServer(await server.script(), server.args);
    try {
      const plans = ROUTES.map(({ request }) => ({ ...plan, baseUrl: url, request }));
      for (let round = 0; round < runs; round++) {
        const measured = await runLoad(plans);
        ROUTES.forEach(({ request }, index) => {
          keepFaster(figures, `${server.name} ${request.label}`, measured[index]);
        });
      }
    } finally {
      await stop(child);
    }
  }

  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const { request, goal } of ROUTES) {
    const ceiling = figures.get(`${CEILING} ${request.label}`)?.requestsPerSecond ?? Number.NaN;
    for (const { name } of SERVERS) {
      const measured = figures.get(`${name} ${request.label}`);
      if (!measured) continue;
      const { requestsPerSecond, p50Ms, p99Ms, errors, non2xx } = measured;
      const share = requestsPerSecond / ceiling;
      const speed = [requestsPerSecond.toFixed(0), ratio(requestsPerSecond, ceiling)];
      rows.push([request.label, name, ...speed, ...[p50Ms, p99Ms, errors, non2xx].map(String)]);
      if (name === CEILING) continue;
      targets.push({
        target: `${name}, ${request.label}, req/s >= ${goal}x the ceiling, zero errors`,
        measured: `${share.toFixed(2)}x, ${errors} errors, ${non2xx} non-2xx, p99 ${p99Ms} ms`,
        pass: share >= goal && errors === 0 && non2xx === 0,
      });
    }
  }
  return {
    table: {
      title: "1. Server throughput and latency (autocannon, loopback)",
      baseline: `${CEILING}: pre-serialised answers, no routing or checks (a POST body is read and parsed); "x ceiling" is req/s divided by its req/s on the same route.`,
      columns: ["route", "server", "req/s", "x ceiling", "p50 ms", "p99 ms", "errors", "non-2xx"],
      rows,
      notes: [
        "plant-store-mock: the CLI; startPlantStoreServer: started from code with only tokens and seed, as a test process starts it. Both serve through the same node:http adapter; each server bundled from src as tsup builds dist/.",
        `${plan.connections} connections, ${plan.warmupSeconds} s warm-up, then the better of ${runs} run(s) of ${plan.seconds} s per row; server and autocannon each in a process of their own.`,
      ],
    },
    targets,
  };
}
