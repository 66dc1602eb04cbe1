// Benchmark 1: HTTP throughput and latency of each way of serving the API, on loopback.
// Each server runs in a child process of its own and autocannon in another, so on a
// 2-core machine the server and the load generator each get a core and the runner (idle
// while they work) takes neither.
import type { ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AUTHORIZATION, BENCH_TOKEN, NEW_PLANT_JSON, TEN_PLANTS_JSON } from "./lib/fixtures.js";
import { BENCH_OUT_DIR, bundleForNode, launchOnFreePort } from "./lib/node-bundle.js";
import { startPrism } from "./lib/prism.js";
import { allOutput, firstLine, spawnTypeScript, stop } from "./lib/processes.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { ratio } from "./lib/report.js";
import type { LoadFigures, LoadPlan } from "./servers/load-generator.js";

interface ServerUnderTest {
  name: string;
  start(): Promise<{ url: string; child: ChildProcess }>;
}

function typeScriptServer(name: string, file: string): ServerUnderTest {
  return {
    name,
    async start() {
      const child = spawnTypeScript(file);
      return { url: await firstLine(child), child };
    },
  };
}

const CEILING = "raw node:http (ceiling)";
const OURS = "plant-store-mock --quiet";
const OURS_IN_PROCESS = "startPlantStoreServer defaults";
const PRISM = "prism mock -v error";

const servers: ServerUnderTest[] = [
  typeScriptServer(CEILING, "bench/servers/raw-node-http.ts"),
  { name: OURS, start: startCli },
  typeScriptServer(OURS_IN_PROCESS, "bench/servers/plant-store-server.ts"),
  { name: PRISM, start: startPrism },
];

const routes = [
  { label: "GET /plants?limit=10", method: "GET", path: "/plants?limit=10" },
  { label: "POST /plants", method: "POST", path: "/plants", body: NEW_PLANT_JSON },
] as const;

/** The real CLI, as a user starts it, serving the same ten plants from a seed file. */
async function startCli(): Promise<{ url: string; child: ChildProcess }> {
  const cli = await bundleForNode("src/server/cli/plant-store-mock.ts", "plant-store-mock");
  const seedFile = join(BENCH_OUT_DIR, "ten-plants.json");
  await writeFile(seedFile, TEN_PLANTS_JSON);
  const args = ["--quiet", "--token", BENCH_TOKEN, "--seed", seedFile];
  return launchOnFreePort(cli, args, AUTHORIZATION);
}

async function load(plans: LoadPlan[]): Promise<LoadFigures[]> {
  const output = await allOutput(
    spawnTypeScript("bench/servers/load-generator.ts", [JSON.stringify(plans)]),
  );
  return JSON.parse(output) as LoadFigures[];
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const connections = 10;
  const seconds = quick ? 1 : 10;
  const warmupSeconds = quick ? 0 : 3;
  const figures = new Map<string, LoadFigures>();
  for (const server of servers) {
    const { url, child } = await server.start();
    try {
      const plans = routes.map((route) => {
        const body = "body" in route ? route.body : undefined;
        const headers: Record<string, string> = { authorization: AUTHORIZATION };
        if (body) headers["content-type"] = "application/json";
        return {
          url: `${url}${route.path}`,
          method: route.method,
          headers,
          body,
          connections,
          seconds,
          warmupSeconds,
        };
      });
      const measured = await load(plans);
      routes.forEach((route, index) => {
        const routeFigures = measured[index];
        if (routeFigures) figures.set(`${server.name} ${route.label}`, routeFigures);
      });
    } finally {
      await stop(child);
    }
  }

  const rows = routes.flatMap((route) => {
    const ceiling = figures.get(`${CEILING} ${route.label}`);
    return servers.map((server) => {
      const measured = figures.get(`${server.name} ${route.label}`);
      if (!measured || !ceiling) return [route.label, server.name, "not run"];
      return [
        route.label,
        server.name,
        measured.requestsPerSecond.toFixed(0),
        ratio(measured.requestsPerSecond, ceiling.requestsPerSecond),
        String(measured.p50Ms),
        String(measured.p99Ms),
        String(measured.errors),
        String(measured.non2xx),
      ];
    });
  });

  const ours = figures.get(`${OURS} ${routes[0].label}`);
  const ceiling = figures.get(`${CEILING} ${routes[0].label}`);
  const prism = figures.get(`${PRISM} ${routes[0].label}`);
  const targets: TargetResult[] = [];
  if (ours && ceiling && prism) {
    const share = ours.requestsPerSecond / ceiling.requestsPerSecond;
    const overPrism = ours.requestsPerSecond / prism.requestsPerSecond;
    targets.push(
      {
        target: "server GET req/s >= 60% of raw node:http, zero errors",
        measured: `${(share * 100).toFixed(0)}%, ${ours.errors} errors, ${ours.non2xx} non-2xx`,
        pass: share >= 0.6 && ours.errors === 0 && ours.non2xx === 0,
      },
      {
        target: "server GET req/s >= 10x prism mock",
        measured: `${overPrism.toFixed(1)}x`,
        pass: overPrism >= 10,
      },
    );
  }

  return {
    tables: [
      {
        title: "1. Server throughput and latency (autocannon, loopback)",
        baseline: `${CEILING}: pre-serialised bytes, no routing or checks; "x ceiling" is req/s divided by its req/s on the same route.`,
        columns: ["route", "server", "req/s", "x ceiling", "p50 ms", "p99 ms", "errors", "non-2xx"],
        rows,
        notes: [
          `${OURS}: the CLI process (it lets @hono/node-server swap in its lighter Request/Response globals, as it owns its process); ${OURS_IN_PROCESS}: startPlantStoreServer() with no options but tokens and seed, which leaves globals alone for use inside a test process, so @hono/node-server reads undici Response bodies through web streams.`,
          `${connections} connections, ${warmupSeconds} s warm-up then ${seconds} s measured per row; server and autocannon each in a child process of their own.`,
        ],
      },
    ],
    targets,
  };
}
