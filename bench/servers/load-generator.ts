// autocannon in a process of its own, so the load generator never shares an event loop with
// the server under test. `runLoad(plans)` starts this file with the plans as its argument;
// it runs them one after the other (each gets the whole core) and prints their figures.
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { BenchRequest } from "../lib/fixtures.js";
import { allOutput, spawnNode } from "../lib/processes.js";

export interface LoadPlan {
  /** The server's base URL; the request's path is appended. */
  baseUrl: string;
  request: BenchRequest;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The slowest request of the measured run. */
  maxMs: number;
  errors: number;
  non2xx: number;
}

export async function runLoad(plans: LoadPlan[]): Promise<LoadFigures[]> {
  const script = fileURLToPath(import.meta.url);
  return JSON.parse(await allOutput(spawnNode(script, [JSON.stringify(plans)])));
}

/** Keeps under `key` the figures with more requests per second: on a shared machine the
 * slower run measured a neighbour as much as the server. */
export function keepFaster<K, F extends LoadFigures>(best: Map<K, F>, key: K, figures?: F) {
  const kept = best.get(key);
  if (!figures || (kept && kept.requestsPerSecond >= figures.requestsPerSecond)) return;
  best.set(key, figures);
}

async function measure(plan: LoadPlan): Promise<LoadFigures> {
  const { method, path, headers, body } = plan.request;
  const options = {
    url: `${plan.baseUrl}${path}`,
    method,
    headers,
    body,
    connections: plan.connections,
  };
  // Each autocannon run costs about half a second beyond its duration: --quick skips warm-up.
  if (plan.warmupSeconds > 0) await autocannon({ ...options, duration: plan.warmupSeconds });
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
  for (const plan of JSON.parse(process.argv[2] ?? "[]") as LoadPlan[]) {
    figures.push(await measure(plan));
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
