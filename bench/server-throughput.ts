// Server throughput and latency on loopback: our server as the CLI (logging, as it does by
// default) and as started from code, each holding no sandboxes and then 1,000, against a raw
// node:http ceiling measured in the same run. Each server runs in a process of its own and
// autocannon in another, so on 2 cores each gets one and the runner takes neither.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as fixtures from "./lib/fixtures.js";
import { BENCH_OUT_DIR, bundleCli, bundleForNode, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";
import { keepFaster, type LoadFigures, runLoad } from "./servers/load-generator.js";

const CEILING = "raw node:http (ceiling)";
const SEED_FILE = join(BENCH_OUT_DIR, "ten-plants.json");
/** A request outside sandboxes may lose no more than run-to-run noise while they are open. */
const SANDBOX_GOAL = 0.9;

/** Each server bundled from src as tsup builds dist/, serving the same ten plants. */
const SERVERS = [
  { name: CEILING, script: () => bundleForNode("bench/servers/raw-node-http.ts", "raw-node-http") },
  {
    name: "plant-store-mock --admin",
    script: bundleCli,
    args: ["--port", "0", "--admin", "--token", fixtures.BENCH_TOKEN, "--seed", SEED_FILE],
  },
  {
    name: "startPlantStoreServer admin",
    script: () => bundleForNode("bench/servers/plant-store-server.ts", "plant-store-server"),
  },
  // Each server holding none is measured just before the same holding 1,000, so both meet
  // the same neighbours on a shared machine.
].flatMap((server) => (server.name === CEILING ? [0] : [0, 1000]).map((n) => ({ ...server, n })));
const label = ({ name, n }: { name: string; n: number }) =>
  name === CEILING ? name : `${name}, ${n.toLocaleString("en-US")} sandboxes`;

/** Each request, with the share of the ceiling's req/s our server must reach. */
const ROUTES = [
  { request: fixtures.LIST_REQUEST, goal: 0.75 },
  { request: fixtures.CREATE_REQUEST, goal: 0.6 },
];

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = { connections: 50, seconds: quick ? 1 : 5, warmupSeconds: quick ? 0 : 2 };
  const runs = quick ? 1 : 2;
  await mkdir(BENCH_OUT_DIR, { recursive: true }); // a fresh clone has no .tmp/bench yet
  await writeFile(SEED_FILE, fixtures.TEN_PLANTS_JSON);
  const figures = new Map<string, LoadFigures>();
  for (const server of SERVERS) {
    const { url, child } = await startServer(await server.script(), server.args);
    try {
      await fixtures.openSandboxes(url, server.n);
      const plans = ROUTES.map(({ request }) => ({ ...plan, baseUrl: url, request }));
      for (let round = 0; round < runs; round++) {
        const measured = await runLoad(plans);
        ROUTES.forEach(({ request }, index) => {
          keepFaster(figures, `${label(server)} ${request.label}`, measured[index]);
        });
      }
    } finally {
      await stop(child);
    }
  }

  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const { request, goal } of ROUTES) {
    const rate = (name: string) => figures.get(`${name} ${request.label}`)?.requestsPerSecond;
    const ceiling = rate(CEILING) ?? Number.NaN;
    for (const server of SERVERS) {
      const name = label(server);
      const measured = figures.get(`${name} ${request.label}`);
      if (!measured) continue;
      const { requestsPerSecond, p50Ms, p99Ms, errors, non2xx } = measured;
      const share = requestsPerSecond / ceiling;
      const none = server.n > 0 ? (rate(label({ ...server, n: 0 })) ?? Number.NaN) : undefined;
      const speed = [requestsPerSecond.toFixed(0), ratio(requestsPerSecond, ceiling)];
      const againstNone = none === undefined ? "" : ratio(requestsPerSecond, none);
      rows.push(
        [request.label, name, ...speed, againstNone, p50Ms, p99Ms, errors, non2xx].map(String),
      );
      if (name === CEILING) continue;
      targets.push({
        target: `${name}, ${request.label}, req/s >= ${goal}x the ceiling, zero errors`,
        measured: `${share.toFixed(2)}x, ${errors} errors, ${non2xx} non-2xx, p99 ${p99Ms} ms`,
        pass: share >= goal && errors === 0 && non2xx === 0,
      });
      if (none === undefined) continue;
      targets.push({
        target: `${name}, ${request.label}, req/s >= ${SANDBOX_GOAL}x with none`,
        measured: `${againstNone} (${requestsPerSecond.toFixed(0)} vs ${none.toFixed(0)} req/s)`,
        pass: requestsPerSecond >= SANDBOX_GOAL * none,
      });
    }
  }
  return {
    table: {
      title: "1. Server throughput and latency (autocannon, loopback)",
      baseline: `${CEILING}: pre-serialised answers, no routing or checks (a POST body is read and parsed); "x ceiling" is req/s divided by its req/s on the same route, "x none" by the same server's with no sandboxes.`,
      columns: "route|server|req/s|x ceiling|x none|p50 ms|p99 ms|errors|non-2xx".split("|"),
      rows,
      notes: [
        "plant-store-mock: the CLI, logging every request as it does by default; startPlantStoreServer: started from code with tokens, seed and admin, no log function, as a test process starts it. Both serve through the same node:http adapter, with the admin endpoints on; each bundled from src as tsup builds dist/.",
        "Sandboxes are opened through the admin API before the runs, each with three seed plants and a second token; every measured request is outside them.",
        `${plan.connections} connections, ${plan.warmupSeconds} s warm-up, then the better of ${runs} run(s) of ${plan.seconds} s per row; server and autocannon each in a process of their own.`,
      ],
    },
    targets,
  };
}
