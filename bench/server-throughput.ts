// Server throughput and latency on loopback: our server as the CLI (quiet, and logging as it
// does by default) and as started from code, each holding no sandboxes and 1,000, against a
// raw node:http ceiling measured in the same run. Each server runs in a process of its own
// and autocannon in another, so on 2 cores each gets one and the runner takes neither.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as fixtures from "./lib/fixtures.js";
import { BENCH_OUT_DIR, bundleCli, bundleForNode, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";
import { keepFaster, type LoadFigures, runLoad } from "./servers/load-generator.js";

const CEILING = "raw node:http (ceiling)";
const SEED_FILE = join(BENCH_OUT_DIR, "ten-plants.json");
const CLI_ARGS = ["--port", "0", "--admin", "--token", fixtures.BENCH_TOKEN, "--seed", SEED_FILE];
/** A request outside sandboxes may lose no more than run-to-run noise while they are open. */
const SANDBOX_GOAL = 0.9;

/** Each server bundled from src as tsup builds dist/, serving the same ten plants. */
const SERVERS = [
  { name: CEILING, script: () => bundleForNode("bench/servers/raw-node-http.ts", "raw-node-http") },
  { name: "plant-store-mock --admin --quiet", script: bundleCli, args: [...CLI_ARGS, "--quiet"] },
  { name: "plant-store-mock --admin", script: bundleCli, args: CLI_ARGS },
  {
    name: "startPlantStoreServer admin",
    script: () => bundleForNode("bench/servers/plant-store-server.ts", "plant-store-server"),
  },
];
const SANDBOXES = 1000;
const sandboxCounts = (name: string) => (name === CEILING ? [0] : [0, SANDBOXES]);
const ROWS = SERVERS.flatMap(({ name }) =>
  sandboxCounts(name).map((sandboxes) => ({ name, sandboxes })),
);
const label = (name: string, sandboxes: number) =>
  name === CEILING ? name : `${name}, ${sandboxes.toLocaleString("en-US")} sandboxes`;

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
  for (const { name, script, args } of SERVERS) {
    // The same server holding none and 1,000 runs at once, measured in alternating rounds,
    // so both meet the same neighbours on a shared machine.
    const started: { url: string; child: Parameters<typeof stop>[0]; key: string }[] = [];
    try {
      for (const sandboxes of sandboxCounts(name)) {
        const { url, child } = await startServer(await script(), args);
        started.push({ url, child, key: label(name, sandboxes) });
        // Both open 1,000; the one to hold none closes them again (the same warm-up).
        if (name !== CEILING) await fixtures.openSandboxes(url, SANDBOXES, sandboxes === 0);
      }
      for (let round = 0; round < runs; round++) {
        for (const { url, key } of started) {
          const measured = await runLoad(
            ROUTES.map(({ request }) => ({ ...plan, baseUrl: url, request })),
          );
          ROUTES.forEach(({ request }, index) => {
            keepFaster(figures, `${key} ${request.label}`, measured[index]);
          });
        }
      }
    } finally {
      await Promise.all(started.map(({ child }) => stop(child)));
    }
  }

  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const { request, goal } of ROUTES) {
    const rate = (key: string) => figures.get(`${key} ${request.label}`)?.requestsPerSecond;
    const ceiling = rate(CEILING) ?? Number.NaN;
    for (const { name, sandboxes } of ROWS) {
      const key = label(name, sandboxes);
      const measured = figures.get(`${key} ${request.label}`);
      if (!measured) continue;
      const { requestsPerSecond, p50Ms, p99Ms, errors, non2xx } = measured;
      const share = requestsPerSecond / ceiling;
      const none = sandboxes > 0 ? (rate(label(name, 0)) ?? Number.NaN) : undefined;
      const speed = [requestsPerSecond.toFixed(0), ratio(requestsPerSecond, ceiling)];
      const againstNone = none === undefined ? "" : ratio(requestsPerSecond, none);
      const latency = [p50Ms, p99Ms, errors, non2xx].map(String);
      rows.push([request.label, key, ...speed, againstNone, ...latency]);
      if (name === CEILING) continue;
      targets.push({
        target: `${key}, ${request.label}, req/s >= ${goal}x the ceiling, zero errors`,
        measured: `${share.toFixed(2)}x, ${errors} errors, ${non2xx} non-2xx, p99 ${p99Ms} ms`,
        pass: share >= goal && errors === 0 && non2xx === 0,
      });
      if (none === undefined) continue;
      targets.push({
        target: `${key}, ${request.label}, req/s >= ${SANDBOX_GOAL}x with none`,
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
        "plant-store-mock: the CLI, --quiet or logging every request to its stdout (a pipe the runner drains) as it does by default; startPlantStoreServer: started from code with tokens, seed and admin, no log function, as a test process starts it. All serve through the same node:http adapter with the admin endpoints on; each bundled from src as tsup builds dist/.",
        "Before the runs each of our servers opens 1,000 sandboxes through the admin API, each with three seed plants and a second token; the one holding none closes them again, so both have served the same requests. Every measured request is outside them; the pair runs side by side, measured in alternating rounds.",
        `${plan.connections} connections, ${plan.warmupSeconds} s warm-up, then the better of ${runs} run(s) of ${plan.seconds} s per row; server and autocannon each in a process of their own.`,
      ],
    },
    targets,
  };
}
