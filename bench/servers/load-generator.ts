// autocannon in a process of its own, so the load generator never shares an event loop with
// the server under test. `runLoad(plans)` starts this file with the plans as its argument;
// it runs them one after the other (each gets the whole core) and prints their figures.
import { once } from "node:events";
import type { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { BenchRequest } from "../lib/fixtures.js";
import { median } from "../lib/per-call.js";
import { spawnNode } from "../lib/processes.js";

/** `request` sent to `baseUrl` (its path appended) for `seconds`, after a warm-up at its first run. */
export type LoadPlan = { baseUrl: string; request: BenchRequest } & Record<
  "connections" | "warmupSeconds" | "seconds",
  number
>;

/** What one measured run gives (maxMs: its slowest request). */
export type LoadFigures = Record<
  "requestsPerSecond" | "p50Ms" | "p99Ms" | "maxMs" | "errors" | "non2xx",
  number
>;

export async function runLoad(plans: LoadPlan[]): Promise<LoadFigures[]> {
  const child = spawnNode(fileURLToPath(import.meta.url), [JSON.stringify(plans)]);
  const [output, [code]] = await Promise.all([text(child.stdout as Readable), once(child, "exit")]);
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(output);
}

/** Figures of several rounds as one row: the req/s of each, medians, failures summed. */
export function overRounds(rounds: LoadFigures[]) {
  const middle = (field: keyof LoadFigures) => median(rounds.map((each) => each[field]));
  const sum = (field: keyof LoadFigures) => rounds.reduce((total, each) => total + each[field], 0);
  const rates = rounds.map((each) => each.requestsPerSecond);
  const medians = { rate: middle("requestsPerSecond"), p50: middle("p50Ms"), p99: middle("p99Ms") };
  return { ...medians, max: middle("maxMs"), rates, errors: sum("errors"), non2xx: sum("non2xx") };
}

async function measure(plan: LoadPlan, warm: boolean): Promise<LoadFigures> {
  const { path, label: _, ...request } = plan.request;
  const options = { url: `${plan.baseUrl}${path}`, connections: plan.connections, ...request };
  // Each autocannon run costs about half a second beyond its duration: --quick skips warm-up.
  const warmup = warm ? plan.warmupSeconds : 0;
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const { requests, latency, errors, timeouts, non2xx } = await autocannon({
    ...options,
    duration: plan.seconds,
  });
  return {
    requestsPerSecond: requests.total / plan.seconds,
    p50Ms: latency.p50,
    p99Ms: latency.p99,
    maxMs: latency.max,
    errors: errors + timeouts,
    non2xx,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures: LoadFigures[] = [];
  const warmed = new Set<string>();
  for (const plan of JSON.parse(process.argv[2] ?? "[]") as LoadPlan[]) {
    figures.push(await measure(plan, !warmed.has(plan.baseUrl)));
    warmed.add(plan.baseUrl);
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
