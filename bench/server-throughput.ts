// Server throughput on loopback: the CLI (quiet, and logging as it does by default) and the
// server started from code, each holding no sandboxes and 1,000, against a raw node:http
// ceiling, each in a process of its own. Every run of ours sits between two of the ceiling and
// is judged against their mean, so a spell of load on a shared machine falls on both alike.
// The servers holding sandboxes also hold scenarios, scripted with a `when`, for the operation
// not being measured: a request that no sandbox or scenario applies to must not pay for them.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as fixtures from "./lib/fixtures.js";
import { median, medianRatio } from "./lib/per-call.js";
import { BENCH_OUT_DIR, bundleCli, bundleForNode, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";
import { type LoadFigures, overRounds, runLoad } from "./servers/load-generator.js";

const CEILING = "raw node:http (ceiling)";
const SEED_FILE = join(BENCH_OUT_DIR, "ten-plants.json");
const CLI_ARGS = ["--port", "0", "--admin", "--token", fixtures.BENCH_TOKEN, "--seed", SEED_FILE];
const SANDBOXES = 1000;
/** A request outside sandboxes may lose no more than run-to-run noise while they are open. */
const SANDBOX_GOAL = 0.9;
/**
 * Each request, with the share of the ceiling's req/s our server must reach, and the scenario
 * the servers holding sandboxes hold meanwhile: for the other operation, for requests that
 * never come (a `when` no measured request matches), so it stays queued the whole run.
 */
const ROUTES = [
  { request: fixtures.LIST_REQUEST, goal: 0.8, idleScenario: idleScenarioOf("createPlant") },
  { request: fixtures.CREATE_REQUEST, goal: 0.7, idleScenario: idleScenarioOf("listPlants") },
];

function idleScenarioOf(operation: "listPlants" | "createPlant") {
  const when =
    operation === "createPlant" ? { body: { name: "Never sent" } } : { query: { limit: 7 } };
  return { operation, status: 503, times: "Infinity", when };
}

const bundlePlantStoreServer = () => bundleForNode("bench/servers/plant-store-server.ts");
/** Our servers, bundled from src as tsup builds dist/, serving the ten plants the ceiling does. */
const OURS = [
  { name: "plant-store-mock --admin --quiet", script: bundleCli, args: [...CLI_ARGS, "--quiet"] },
  { name: "plant-store-mock --admin", script: bundleCli, args: CLI_ARGS },
  { name: "startPlantStoreServer admin", script: bundlePlantStoreServer, args: [] },
];

/** `none`: the same with no sandboxes; per route, `figures` of each run and `shares` of each
 * round (req/s over the mean of the ceiling's runs just before and after). */
interface Server {
  label: string;
  url: string;
  child: Parameters<typeof stop>[0];
  none?: Server;
  figures: LoadFigures[][];
  shares: number[][];
}

async function launch(label: string, script: string, args: string[] = []): Promise<Server> {
  const { url, child } = await startServer(script, args);
  return { label, url, child, figures: ROUTES.map(() => []), shares: ROUTES.map(() => []) };
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = { connections: 50, seconds: quick ? 1 : 3, warmupSeconds: quick ? 0 : 2 };
  const rounds = quick ? 1 : 3;
  await mkdir(BENCH_OUT_DIR, { recursive: true }); // a fresh clone has no .tmp/bench yet
  await writeFile(SEED_FILE, fixtures.TEN_PLANTS_JSON);
  const ceiling = await launch(CEILING, await bundleForNode("bench/servers/raw-node-http.ts"));
  const servers = [ceiling];
  try {
    for (const { name, script, args } of OURS) {
      for (const sandboxes of [0, SANDBOXES]) {
        const count = sandboxes.toLocaleString("en-US");
        const server = await launch(`${name}, ${count} sandboxes`, await script(), args);
        if (sandboxes) server.none = servers.at(-1);
        servers.push(server);
        // Both open 1,000; the one to hold none closes them again (the same warm-up).
        await fixtures.openSandboxes(server.url, SANDBOXES, sandboxes === 0);
      }
    }
    const ours = servers.slice(1);
    // Every GET round before the first POST: a list is then never measured on a store that
    // earlier rounds' creates have grown, on one server and not on the ceiling.
    for (const [route, { request, idleScenario }] of ROUTES.entries()) {
      const holding = ours.filter((server) => server.none !== undefined);
      await Promise.all(holding.map(({ url }) => fixtures.setScenario(url, idleScenario)));
      for (let round = 0; round < rounds; round++) {
        // Ours in an order rotated by one per round, each between two runs of the ceiling.
        const rotated = ours.map((_, index) => ours[(index + round) % ours.length] as Server);
        const order = [ceiling, ...rotated.flatMap((server) => [server, ceiling])];
        const warmupSeconds = round === 0 ? plan.warmupSeconds : 0; // warm from the first round on
        const measured = await runLoad(
          order.map(({ url }) => ({ ...plan, warmupSeconds, baseUrl: url, request })),
        );
        const rate = (index: number) => measured[index]?.requestsPerSecond ?? NaN;
        measured.forEach((figures, index) => {
          const server = order[index] as Server;
          server.figures[route]?.push(figures);
          if (server === ceiling) return;
          server.shares[route]?.push(rate(index) / ((rate(index - 1) + rate(index + 1)) / 2));
        });
      }
    }
  } finally {
    await Promise.all(servers.map(({ child }) => stop(child)));
  }

  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const [route, { request, goal }] of ROUTES.entries()) {
    for (const server of servers) {
      const { rate, p50, p99, errors, non2xx } = overRounds(server.figures[route] ?? []);
      const shares = server.shares[route] ?? [];
      const share = server === ceiling ? 1 : median(shares);
      const none = server.none && medianRatio(shares, server.none.shares[route] ?? []);
      const againstNone = none ? ratio(none, 1) : "";
      const cells = [rate.toFixed(0), ratio(share, 1), againstNone, p50, p99, errors, non2xx];
      rows.push([request.label, server.label, ...cells.map(String)]);
      if (server === ceiling) continue;
      const perRound = shares.map((each) => ratio(each, 1)).join(", ");
      targets.push({
        target: `${server.label}, ${request.label}, req/s >= ${goal}x the ceiling, zero errors`,
        measured: `${ratio(share, 1)} (rounds: ${perRound}), ${errors} errors, ${non2xx} non-2xx, p99 ${p99} ms`,
        pass: share >= goal && errors === 0 && non2xx === 0,
      });
      if (none === undefined) continue;
      const target = `${server.label}, ${request.label}, req/s >= ${SANDBOX_GOAL}x with none`;
      targets.push({ target, measured: againstNone, pass: none >= SANDBOX_GOAL });
    }
  }
  return {
    table: {
      title: "1. Server throughput and latency (autocannon, loopback)",
      baseline: `${CEILING}: pre-serialised answers, no routing or checks (a POST body is read and parsed), run before and after every run of ours; "x ceiling" is the median over the rounds of req/s divided by the mean of those two runs' req/s, "x none" the median of that share over the same server's with no sandboxes; req/s, p50 and p99 are medians over the runs, errors and non-2xx totals.`,
      columns: "route|server|req/s|x ceiling|x none|p50 ms|p99 ms|errors|non-2xx".split("|"),
      rows,
      notes: [
        "plant-store-mock: the CLI, --quiet or logging every request to its stdout (a pipe the runner drains) as it does by default; startPlantStoreServer: started from code with tokens, seed and admin, no log function, as a test process starts it. All serve through the same node:http adapter with the admin endpoints on; each bundled from src as tsup builds dist/.",
        'Before the runs each of our servers opens 1,000 sandboxes through the admin API, each with three seed plants and a second token; the one holding none closes them again, so both have served the same requests. Every measured request is outside them. The servers holding sandboxes also hold, for the whole of each route\'s runs, a failNext with a `when` for the other operation (a create named "Never sent" while lists are measured, a list with limit=7 while creates are).',
        `${rounds} round(s) on GET, then ${rounds} on POST; each measures our servers in an order rotated by one per round, the ceiling before and after each: ${plan.connections} connections, ${plan.seconds} s per run (after ${plan.warmupSeconds} s of warm-up at each server's first run).`,
      ],
    },
    targets,
  };
}
