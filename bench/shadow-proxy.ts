// The shadow proxy (`plant-store-mock --shadow`, bundled from src, in a process of its own)
// in front of a deployment in this process that answers at once: the proxy's memory while it
// passes a 1 GiB answer on (streamed, a 1 MiB copy kept to compare), and what a request costs
// it with one token against after 20,000 distinct tokens were forwarded (each one remembered,
// so no log line, journal entry or summary shows it). --quick: 256 MiB and 2,000 tokens.
import { readFile } from "node:fs/promises";
import { Agent, createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { REMEMBERED_TOKENS } from "../src/shadow/forwarded-tokens.js";
import { median } from "./lib/per-call.js";
import { bundleCli, startServer, stop } from "./lib/processes.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { ratio } from "./lib/report.js";

const MIB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
/** The proxy may hold no more than this beyond its resting size while the answer passes. */
const MEMORY_GOAL_MIB = 64;
/** A request after 20,000 distinct tokens may cost at most this many times one with one token. */
const TOKEN_GOAL = 1.5;

/** A deployment that answers every list with `[]` and GET /big with `bigBytes` of JSON spaces. */
async function startDeployment(bigBytes: number) {
  const server = createServer((request, response) => {
    request.resume();
    if (request.url !== "/big") {
      response.writeHead(200, { "content-type": "application/json", "content-length": 2 });
      response.end("[]");
      return;
    }
    response.writeHead(200, { "content-type": "application/json", "content-length": bigBytes });
    let sent = 0;
    const more = () => {
      while (sent < bigBytes) {
        const part = CHUNK.subarray(0, Math.min(CHUNK.length, bigBytes - sent));
        sent += part.length;
        if (!response.write(part)) return void response.once("drain", more);
      }
      response.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** One GET through the proxy: resolves with the body's length once read (and dropped). */
function get(agent: Agent, url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { agent, headers: { authorization: `Bearer ${token}` } });
    outgoing.on("response", (incoming: IncomingMessage) => {
      let length = 0;
      incoming.on("data", (chunk: Buffer) => {
        length += chunk.length;
      });
      incoming.on("end", () => resolve(length));
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The process's resident set and its peak so far, in MiB (Linux: /proc/<pid>/status). */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

/** Milliseconds per request over `count` requests one after another, `tokenOf(i)` each. */
async function perRequest(
  agent: Agent,
  url: string,
  count: number,
  tokenOf: (i: number) => string,
) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await get(agent, url, tokenOf(i));
  return (performance.now() - started) / count;
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const bigBytes = (quick ? 256 : 1024) * MIB;
  const distinct = quick ? 2_000 : 20_000;
  const measured = quick ? 500 : 2_000;
  const warmUp = quick ? 1_000 : 5_000;
  const rounds = quick ? 1 : 3;
  const count = distinct.toLocaleString("en-US");
  const cli = await bundleCli();
  const deployment = await startDeployment(bigBytes);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const rows: string[][] = [];
  let memoryRow: string[] = [];
  const targets: TargetResult[] = [];
  try {
    // Memory: a fresh proxy, warmed by small requests, then the big answer; sampled as it passes.
    const memory = await startServer(cli, ["--port", "0", "--shadow", deployment.url]);
    try {
      const pid = memory.child.pid as number;
      await perRequest(agent, `${memory.url}/plants`, 200, () => "warm-up-token-0123");
      const before = await memoryOf(pid);
      let highest = before.rss;
      const sampler = setInterval(async () => {
        highest = Math.max(highest, (await memoryOf(pid).catch(() => before)).rss);
      }, 20);
      const started = performance.now();
      const length = await get(agent, `${memory.url}/big`, "big-answer-token-0123");
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const after = await memoryOf(pid);
      if (length !== bigBytes) throw new Error(`the app got ${length} of ${bigBytes} bytes`);
      const grew = Math.max(highest, after.peak) - before.rss;
      const size =
        bigBytes >= 1024 * MIB
          ? `${bigBytes / 1024 / MIB} GiB answer`
          : `${bigBytes / MIB} MiB answer`;
      const peak = Math.max(highest, after.peak);
      memoryRow = [
        `${size}, streamed: the proxy's RSS at rest -> peak`,
        `${before.rss.toFixed(0)} -> ${peak.toFixed(0)} MiB (+${grew.toFixed(0)} MiB), ${(bigBytes / MIB / seconds).toFixed(0)} MiB/s`,
        "",
      ];
      targets.push({
        target: `the proxy's memory while passing a ${size} grows <= ${MEMORY_GOAL_MIB} MiB`,
        measured: `+${grew.toFixed(0)} MiB (RSS ${before.rss.toFixed(0)} -> peak ${peak.toFixed(0)} MiB)`,
        pass: grew <= MEMORY_GOAL_MIB,
      });
    } finally {
      await stop(memory.child);
    }

    // Tokens: two proxies per round, given the same number of requests before they are
    // measured (so both are as warm): one sees a single token throughout, the other `distinct`
    // tokens, then a new one with every measured request.
    const one: number[] = [];
    const many: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [figures, tokenOf] of [
        [one, () => "the-one-token-0123"],
        [many, (i: number) => `token-${round}-${i}-abcdef`],
      ] as const) {
        const proxy = await startServer(cli, ["--port", "0", "--shadow", deployment.url]);
        try {
          const url = `${proxy.url}/plants`;
          await perRequest(agent, url, warmUp, () => "the-one-token-0123");
          await perRequest(agent, url, distinct, tokenOf);
          figures.push(await perRequest(agent, url, measured, (i) => tokenOf(distinct + i)));
        } finally {
          await stop(proxy.child);
        }
      }
    }
    const [oneMs, manyMs] = [median(one), median(many)];
    rows.push([`GET /plants, one token`, `${oneMs.toFixed(3)} ms/request`, "1.00x"]);
    rows.push([
      `GET /plants, a new token each, after ${count} distinct ones`,
      `${manyMs.toFixed(3)} ms/request`,
      ratio(manyMs, oneMs),
    ]);
    rows.push(memoryRow);
    targets.push({
      target: `a request after ${count} distinct tokens costs <= ${TOKEN_GOAL}x one with one token`,
      measured: `${ratio(manyMs, oneMs)} (${manyMs.toFixed(3)} vs ${oneMs.toFixed(3)} ms)`,
      pass: manyMs <= TOKEN_GOAL * oneMs,
    });
  } finally {
    agent.destroy();
    await deployment.close();
  }
  return {
    table: {
      title: "10. The shadow proxy: memory and tokens",
      baseline:
        "a request's cost with one token; the memory row is measured against the proxy's resident set at rest, after 200 small requests.",
      columns: ["what", "measured", "x one token"],
      rows,
      notes: [
        "plant-store-mock --shadow (bundled from src as tsup builds dist/bin, request lines logged) in its own process, in front of a node:http deployment in the benchmark's process that answers at once; one keep-alive connection, requests one after another.",
        "Memory: the proxy's VmRSS, sampled every 20 ms while the answer passes, and VmHWM (Linux). The proxy keeps the first 1 MiB to compare and drops it once the answer is larger; the rest streams through at the app's pace.",
        `Tokens: two proxies a round, each warmed by ${warmUp.toLocaleString("en-US")} requests, then given ${count} more and measured over ${measured.toLocaleString("en-US")}: one with a single token throughout, the other with a distinct token each time, every one remembered (the ${REMEMBERED_TOKENS.toLocaleString("en-US")} most recent) and hidden from the request's log line; medians of ${rounds} rounds, the ratio taken within each round.`,
      ],
    },
    targets,
  };
}
