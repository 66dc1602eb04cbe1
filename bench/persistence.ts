// Benchmark 7: what `--data` costs at a million plants. Creates against the CLI seeded with
// 1,000,000 plants, without a data file (the baseline, measured in the same run) and with
// one under two --fsync policies; then how long the CLI takes to start from the
// million-plant data file those runs left. Issue 18's targets: creates with --data >= 0.8x
// the baseline's req/s, no request slower than twice the baseline's slowest, and a
// million-plant file loaded in under 2 s.
import { type ChildProcess, spawn } from "node:child_process";
import { rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { AUTHORIZATION, BENCH_TOKEN, NEW_PLANT_JSON } from "./lib/fixtures.js";
import { BENCH_OUT_DIR, bundleForNode } from "./lib/node-bundle.js";
import { allOutput, firstLine, REPO_ROOT, spawnTypeScript, stop } from "./lib/processes.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { ratio } from "./lib/report.js";
import type { LoadFigures, LoadPlan } from "./servers/load-generator.js";

const STORE_SIZE = 1_000_000;
const BASELINE = "no --data";

interface Variant {
  name: string;
  args: (dataFile: string) => string[];
}

const VARIANTS: Variant[] = [
  { name: BASELINE, args: () => [] },
  { name: "--data (default --fsync 1000)", args: (dataFile) => ["--data", dataFile] },
  {
    name: "--data --fsync always",
    args: (dataFile) => ["--data", dataFile, "--fsync", "always"],
  },
];

/**
 * Starts the CLI on a free port; `startupMs` runs from spawning to the printed URL, i.e.
 * listening. (Not to a first `GET /plants`: with a million public plants that answer
 * alone takes seconds to serialise.)
 */
async function launch(cli: string, args: readonly string[]) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [cli, "--port", "0", ...args], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await firstLine(child, 60_000);
  return { child, url, startupMs: performance.now() - startedAt };
}

async function writeSeedFile(): Promise<string> {
  const seedFile = join(BENCH_OUT_DIR, "million-plants.json");
  const plants = Array.from({ length: STORE_SIZE }, (_, index) => ({
    name: `Plant number ${index + 1}`,
    tag: "tropical",
  }));
  await writeFile(seedFile, JSON.stringify(plants));
  return seedFile;
}

async function measureCreates(url: string, quick: boolean): Promise<LoadFigures> {
  const plan: LoadPlan = {
    url: `${url}/plants`,
    method: "POST",
    headers: { authorization: AUTHORIZATION, "content-type": "application/json" },
    body: NEW_PLANT_JSON,
    connections: 10,
    warmupSeconds: quick ? 0 : 3,
    seconds: quick ? 2 : 10,
  };
  const output = await allOutput(
    spawnTypeScript("bench/servers/load-generator.ts", [JSON.stringify([plan])]),
  );
  const [figures] = JSON.parse(output) as LoadFigures[];
  if (figures === undefined) throw new Error("the load generator printed no figures");
  return figures;
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const cli = await bundleForNode("src/server/cli/plant-store-mock.ts", "plant-store-mock");
  const seedFile = await writeSeedFile();
  const dataFile = join(BENCH_OUT_DIR, "million-plants.log");
  const loadBefore = loadavg()[0] ?? 0;

  const figures = new Map<string, LoadFigures & { startupMs: number }>();
  for (const variant of VARIANTS) {
    await rm(dataFile, { force: true });
    const args = ["--quiet", "--token", BENCH_TOKEN, "--seed", seedFile, ...variant.args(dataFile)];
    let child: ChildProcess | undefined;
    try {
      const launched = await launch(cli, args);
      child = launched.child;
      const measured = await measureCreates(launched.url, quick);
      figures.set(variant.name, { ...measured, startupMs: launched.startupMs });
    } finally {
      if (child) await stop(child);
    }
  }

  // The file the last run left: a million plants plus its creates, as a restart finds it.
  const fileBytes = (await stat(dataFile)).size;
  const startWithout = await launch(cli, ["--quiet", "--token", BENCH_TOKEN]);
  await stop(startWithout.child);
  const startWith = await launch(cli, ["--quiet", "--token", BENCH_TOKEN, "--data", dataFile]);
  await stop(startWith.child);
  const loadAfter = loadavg()[0] ?? 0;

  const baseline = figures.get(BASELINE);
  const rows = VARIANTS.map((variant) => {
    const measured = figures.get(variant.name);
    if (!measured || !baseline) return [variant.name, "not run"];
    return [
      variant.name,
      measured.requestsPerSecond.toFixed(0),
      ratio(measured.requestsPerSecond, baseline.requestsPerSecond),
      String(measured.p50Ms),
      String(measured.p99Ms),
      String(measured.maxMs),
      ratio(measured.maxMs, baseline.maxMs),
      String(measured.errors + measured.non2xx),
      (measured.startupMs / 1000).toFixed(2),
    ];
  });

  const targets: TargetResult[] = [];
  const withData = figures.get(VARIANTS[1]?.name ?? "");
  if (baseline && withData) {
    const speed = withData.requestsPerSecond / baseline.requestsPerSecond;
    targets.push(
      {
        target: "creates with --data at 1,000,000 plants >= 0.8x without --data",
        measured: `${speed.toFixed(2)}x (${withData.requestsPerSecond.toFixed(0)} vs ${baseline.requestsPerSecond.toFixed(0)} req/s)`,
        pass: speed >= 0.8 && withData.errors + withData.non2xx === 0,
      },
      {
        target: "slowest create with --data <= 2x the slowest without",
        measured: `${withData.maxMs} ms vs ${baseline.maxMs} ms (${ratio(withData.maxMs, baseline.maxMs)})`,
        pass: withData.maxMs <= 2 * baseline.maxMs,
      },
    );
  }
  targets.push({
    target: "CLI start from a 1,000,000-plant data file < 2 s",
    measured: `${(startWith.startupMs / 1000).toFixed(2)} s (${(startWithout.startupMs / 1000).toFixed(2)} s without --data)`,
    pass: startWith.startupMs < 2_000,
  });

  return {
    tables: [
      {
        title: "7. Persistence at 1,000,000 plants (plant-store-mock --data, autocannon)",
        baseline: `the same CLI and seed with ${BASELINE}, measured in the same run; "x" columns divide by its figures.`,
        columns: [
          "server",
          "create req/s",
          "x req/s",
          "p50 ms",
          "p99 ms",
          "max ms",
          "x max",
          "errors + non-2xx",
          "start s",
        ],
        rows,
        notes: [
          `Each server: the bundled CLI with --seed of ${STORE_SIZE.toLocaleString("en-US")} plants (a fresh data file each time, so start s, spawn to listening, includes writing its first snapshot); 10 connections of POST /plants, ${quick ? "no warm-up, 2 s" : "3 s warm-up, then 10 s"} measured; autocannon in its own process.`,
          `Start from the data file the last row left (${(fileBytes / 1e6).toFixed(0)} MB, a million plants plus that row's creates), spawn to listening: ${(startWith.startupMs / 1000).toFixed(2)} s; the same CLI without --data and without a seed: ${(startWithout.startupMs / 1000).toFixed(2)} s.`,
          `Machine load (1-minute average) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${availableParallelism()} cores shared with other work: ratios from one run, read them with that in mind.`,
        ],
      },
    ],
    targets,
  };
}
