// What `--data` costs at a million plants: creates against the CLI holding 1,000,000 plants
// without a data file (the baseline, from --seed, measured in the same run) and with one,
// under the default --fsync and `--fsync always`. --quick uses 100,000 plants.
import { copyFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BENCH_TOKEN, CREATE_REQUEST } from "./lib/fixtures.js";
import { BENCH_OUT_DIR, bundleCli, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";
import { keepFaster, type LoadFigures, runLoad } from "./servers/load-generator.js";

const SEED_FILE = join(BENCH_OUT_DIR, "persistence-seed.json");
const PRISTINE_DATA_FILE = join(BENCH_OUT_DIR, "persistence-data.log");
const DATA_FILE = join(BENCH_OUT_DIR, "persistence-run.log");

/** The CLI on a free port, quiet, with `args`; waits up to 2 minutes for a big file. */
const launch = (cli: string, args: readonly string[]) =>
  startServer(cli, ["--port", "0", "--quiet", "--token", BENCH_TOKEN, ...args], 120_000);

const seconds = (ms: number) => (ms / 1000).toFixed(2);

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const cli = await bundleCli();
  const size = quick ? 100_000 : 1_000_000;
  const count = size.toLocaleString("en-US");
  const plants = Array.from({ length: size }, (_, index) => ({ name: `Plant ${index + 1}` }));
  await writeFile(SEED_FILE, JSON.stringify(plants));
  // The data file of those plants, as the CLI writes it on a first start from the seed.
  await rm(PRISTINE_DATA_FILE, { force: true });
  await stop((await launch(cli, ["--seed", SEED_FILE, "--data", PRISTINE_DATA_FILE])).child);
  const fileMegabytes = ((await stat(PRISTINE_DATA_FILE)).size / 1e6).toFixed(0);

  // The first row is the baseline, the second the one the targets judge (Map keeps this order).
  const variants = [
    { name: `no --data (--seed of ${count})`, args: ["--seed", SEED_FILE] },
    { name: `--data of ${count} (default --fsync)`, args: ["--data", DATA_FILE] },
    { name: `--data of ${count} --fsync always`, args: ["--data", DATA_FILE, "--fsync", "always"] },
  ];
  // Rounds interleave the variants, so a spell of load on this shared machine falls on all
  // of them; each keeps its better round.
  const rounds = quick ? 1 : 2;
  const load = {
    request: CREATE_REQUEST,
    connections: 10,
    warmupSeconds: quick ? 0 : 3,
    seconds: quick ? 2 : 10,
  };
  const figures = new Map<string, LoadFigures & { startMs: number }>();
  for (let round = 0; round < rounds; round++) {
    for (const { name, args } of variants) {
      await copyFile(PRISTINE_DATA_FILE, DATA_FILE);
      const { child, url, startedAt } = await launch(cli, args);
      const startMs = performance.now() - startedAt;
      try {
        const [measured] = await runLoad([{ ...load, baseUrl: url }]);
        keepFaster(figures, name, measured && { ...measured, startMs });
      } finally {
        await stop(child);
      }
    }
  }

  const [baseline, withData] = [...figures.values()];
  if (!baseline || !withData) throw new Error("the baseline or the --data row was not measured");
  const rows = [...figures].map(([name, { requestsPerSecond, p99Ms, maxMs, ...rest }]) => [
    name,
    requestsPerSecond.toFixed(0),
    ratio(requestsPerSecond, baseline.requestsPerSecond),
    ...[p99Ms, maxMs].map(String),
    ratio(maxMs, baseline.maxMs),
    String(rest.errors + rest.non2xx),
    seconds(rest.startMs),
  ]);
  const speed = withData.requestsPerSecond / baseline.requestsPerSecond;
  const targets: TargetResult[] = [
    {
      target: `creates with --data at ${count} plants >= 0.8x without --data`,
      measured: `${speed.toFixed(2)}x (${withData.requestsPerSecond.toFixed(0)} vs ${baseline.requestsPerSecond.toFixed(0)} req/s)`,
      pass: speed >= 0.8 && withData.errors + withData.non2xx === 0,
    },
    {
      target: "slowest create with --data <= 2x the slowest without",
      measured: `${withData.maxMs} ms vs ${baseline.maxMs} ms (${ratio(withData.maxMs, baseline.maxMs)})`,
      pass: withData.maxMs <= 2 * baseline.maxMs,
    },
    {
      target: `CLI start from a ${count}-plant data file < 2 s`,
      measured: `${seconds(withData.startMs)} s to listening`,
      pass: withData.startMs < 2_000,
    },
  ];
  return {
    table: {
      title: `6. Persistence at ${count} plants (plant-store-mock --data, autocannon)`,
      baseline: `the same CLI holding the same plants from --seed, measured in the same run; "x" columns divide by its figures.`,
      columns: ["server", "req/s", "x req/s", "p99 ms", "max ms", "x max", "failed", "start s"],
      rows,
      notes: [
        `The bundled CLI; the --data rows start from a copy of a ${fileMegabytes} MB data file of ${count} plants. failed: errors and non-2xx answers; start s: spawn to listening.`,
        `${load.connections} connections of POST /plants, ${load.warmupSeconds} s warm-up, then ${load.seconds} s measured, the better of ${rounds} interleaved round(s), a fresh server each.`,
      ],
    },
    targets,
  };
}
