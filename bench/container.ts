// The container image `npm run image` builds, against its budgets: its size as the engine counts
// it and as a registry would store it (`save | gzip -1`), and the time from `run -d` returning
// to the first answer, beside the same server started as a process on this machine. With no
// container engine here the container rows are skipped with a note, as peers skips WireMock
// without Java; an engine without the image fails the benchmark.
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { findContainerEngine, NO_ENGINE } from "../scripts/container-engine.js";
import { median } from "./lib/per-call.js";
import { bundleCli, REPO_ROOT, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";

const exec = promisify(execFile);
const { version } = JSON.parse(readFileSync(`${REPO_ROOT}package.json`, "utf8"));
const IMAGE = `plant-store-mock:${version}`;
const SIZE_BUDGET = 150_000_000;
const GZIP_BUDGET = 55_000_000;
const FIRST_ANSWER_BUDGET_MS = 1_500;
const PROCESS = "first answer, plant-store-mock as a process on this machine (launch to answer)";

const bytes = (value: number) => `${value.toLocaleString("en-US")} B`;
const range = (samples: number[]) =>
  `${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)}`;

/** A port nobody listens on now, for the container's API. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Asks until the API answers: the moment it does is the figure, so polling is the method here. */
async function firstAnswer(url: string): Promise<number> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    const answered = await fetch(`${url}/plants`).then(
      (response) => response.arrayBuffer().then(() => true),
      () => false,
    );
    if (answered) return performance.now();
    await sleep(5);
  }
  throw new Error(`${url} gave no answer within 10 s`);
}

/** Time from `run -d` returning to the first answer, and how long `run -d` itself took. */
async function containerStart(engine: string): Promise<{ afterRun: number; run: number }> {
  const port = await freePort();
  const launched = performance.now();
  const { stdout } = await exec(engine, [
    "run",
    "--detach",
    "--rm",
    "--publish",
    `127.0.0.1:${port}:4010`,
    IMAGE,
    "--quiet",
  ]);
  const returned = performance.now();
  try {
    const answered = await firstAnswer(`http://127.0.0.1:${port}`);
    return { afterRun: answered - returned, run: returned - launched };
  } finally {
    await exec(engine, ["stop", "--time", "2", stdout.trim()]);
  }
}

/** `save IMAGE | gzip -1 | wc -c`, without a shell: what a registry stores, near enough. */
function savedGzipBytes(engine: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const save = spawn(engine, ["save", IMAGE], { stdio: ["ignore", "pipe", "inherit"] });
    const gzip = spawn("gzip", ["-1"], { stdio: ["pipe", "pipe", "inherit"] });
    save.stdout.pipe(gzip.stdin);
    let total = 0;
    gzip.stdout.on("data", (chunk: Buffer) => {
      total += chunk.length;
    });
    gzip.on("close", (code) =>
      code === 0 ? resolve(total) : reject(new Error(`gzip exited with ${code}`)),
    );
    save.on("close", (code) => {
      if (code !== 0) reject(new Error(`${engine} save exited with ${code}`));
    });
  });
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const runs = quick ? 1 : 5;
  const cli = await bundleCli();
  const processTimes: number[] = [];
  for (let index = 0; index < runs; index++) {
    const { child, url, startedAt } = await startServer(cli, ["--port", "0", "--quiet"]);
    try {
      processTimes.push((await firstAnswer(url)) - startedAt);
    } finally {
      await stop(child);
    }
  }
  const floor = median(processTimes);
  const rows = [[PROCESS, floor.toFixed(0), range(processTimes), "1.00x", "-"]];
  const engine = await findContainerEngine();
  if (engine === undefined) {
    return {
      table: table(rows, [`Skipped the container rows: ${NO_ENGINE}; their targets are left out.`]),
      targets: [],
    };
  }
  await exec(engine, ["image", "inspect", IMAGE]).catch(() => {
    throw new Error(`${engine} has no image ${IMAGE}: build it with npm run image`);
  });
  const afterRun: number[] = [];
  const runCommand: number[] = [];
  for (let index = 0; index < runs; index++) {
    const times = await containerStart(engine);
    afterRun.push(times.afterRun);
    runCommand.push(times.run);
  }
  const size = Number(
    (await exec(engine, ["image", "inspect", "--format", "{{.Size}}", IMAGE])).stdout,
  );
  const gzipped = await savedGzipBytes(engine);
  const started = median(afterRun);
  rows.push(
    [
      `first answer after \`${engine} run -d\` returned`,
      started.toFixed(0),
      range(afterRun),
      ratio(started, floor),
      `<= ${FIRST_ANSWER_BUDGET_MS.toLocaleString("en-US")} ms`,
    ],
    [
      `\`${engine} run -d\` itself (launch until it returned)`,
      median(runCommand).toFixed(0),
      range(runCommand),
      "-",
      "-",
    ],
    [
      `image size (\`${engine} image inspect -f '{{.Size}}'\`)`,
      bytes(size),
      "-",
      "-",
      `<= ${bytes(SIZE_BUDGET)}`,
    ],
    [
      `\`${engine} save\` through \`gzip -1\`, bytes`,
      bytes(gzipped),
      "-",
      "-",
      `<= ${bytes(GZIP_BUDGET)}`,
    ],
  );
  const targets: TargetResult[] = [
    {
      target: `image size <= ${bytes(SIZE_BUDGET)}`,
      measured: bytes(size),
      pass: size <= SIZE_BUDGET,
    },
    {
      target: `image saved and gzipped (-1) <= ${bytes(GZIP_BUDGET)}`,
      measured: bytes(gzipped),
      pass: gzipped <= GZIP_BUDGET,
    },
    {
      target: `first answer within ${FIRST_ANSWER_BUDGET_MS.toLocaleString("en-US")} ms of \`run -d\` returning`,
      measured: `${started.toFixed(0)} ms median (${engine})`,
      pass: started <= FIRST_ANSWER_BUDGET_MS,
    },
  ];
  return {
    table: table(rows, [
      `${runs} start(s) each; the container's figures are ${engine}'s, with ${IMAGE} as npm run image built it.`,
    ]),
    targets,
  };
}

function table(rows: string[][], notes: string[]): BenchResult["table"] {
  return {
    title: "11. Container image",
    baseline: `${PROCESS.replace("first answer, ", "")}; "x process" divides a median by its median.`,
    columns: ["measure", "median ms / size", "range ms", "x process", "budget"],
    rows,
    notes,
  };
}
