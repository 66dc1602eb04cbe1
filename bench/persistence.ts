// What `--data` costs at a million plants: creates against the CLI holding 1,000,000 plants
// without a data file (the baseline, from --seed, measured in the same run) and with one,
// under the default --fsync and `--fsync always`. --quick uses 100,000 plants.
import { copyFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BENCH_TOKEN, CREATE_REQUEST } from "./lib/fixtures.js";
import { median, medianRatio } from "./lib/per-call.js";
import { BENCH_OUT_DIR, bundleCli, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";
import { type LoadFigures, overRounds, runLoad } from "./servers/load-generator.js";

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

  // The first row is the baseline, the second the one the targets judge.
  const variants = [
    { name: `no --data (--seed of ${count})`, args: ["--seed", SEED_FILE] },
    { name: `--data of ${count} (default --fsync)`, args: ["--data", DATA_FILE] },
    { name: `--data of ${count} --fsync always`, args: ["--data", DATA_FILE, "--fsync", "always"] },
  ].map((variant) => ({ ...variant, figures: [] as LoadFigures[], startMs: [] as number[] }));
  // Rounds interleave the variants, so a spell of load on this shared machine falls on all
  // of them; ratios are taken within a round.
  const rounds = quick ? 1 : 3;
  const load = { request: CREATE_REQUEST, connections: 10, warmupSeconds: 2, seconds: 8 };
  if (quick) Object.assign(load, { warmupSeconds: 0, seconds: 2 });
  for (let round = 0; round < rounds; round++) {
    for (const { args, figures, startMs } of variants) {
      await copyFile(PRISTINE_DATA_FILE, DATA_FILE);
      const { child, url, startedAt } = await launch(cli, args);
      startMs.push(performance.now() - startedAt);
      try {
        figures.push(...(await runLoad([{ ...load, baseUrl: url }])));
      } finally {
        await stop(child);
      }
    }
  }

  const summaries = variants.map(({ name, figures, startMs }) => ({
    name,
    ...overRounds(figures),
    startMs: median(startMs),
  }));
  const [baseline, withData] = summaries;
  if (!baseline || !withData) throw new Error("the baseline or the --data row was not measured");
  const speedOf = ({ rates }: typeof baseline) => medianRatio(rates, baseline.rates);
  const rows = summaries.map((row) => {
    const [failed, xMax] = [row.errors + row.non2xx, ratio(row.max, baseline.max)];
    const cells = [row.rate.toFixed(0), ratio(speedOf(row), 1), row.p99, row.max, xMax, failed];
    return [row.name, ...cells.map(String), seconds(row.startMs)];
  });
  const speed = speedOf(withData);
  const targets: TargetResult[] = [
    {
      target: `creates with --data at ${count} plants >= 0.8x without --data`,
      measured: `${ratio(speed, 1)} (${withData.rate.toFixed(0)} vs ${baseline.rate.toFixed(0)} req/s)`,
      pass: speed >= 0.8 && withData.errors + withData.non2xx === 0,
    },
    {
      target: "slowest create with --data <= 2x the slowest without",
      measured: `${withData.max} ms vs ${baseline.max} ms (${ratio(withData.max, baseline.max)})`,
      pass: withData.max <= 2 * baseline.max,
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
        `${load.connections} connections of POST /plants, ${load.warmupSeconds} s warm-up, then ${load.seconds} s measured; ${rounds} interleaved round(s), a fresh server each. "x req/s" is the median over the rounds of the ratio within a round; the other figures are medians over the rounds.`,
      ],
    },
    targets,
  };
}
