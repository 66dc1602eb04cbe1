// autocannon in a process of its own, so the load generator never shares an event loop
// with the server under test (on 2 cores each gets one). Takes one JSON argument,
// warms the server up, measures, and prints one JSON line with the figures.
import autocannon from "autocannon";

export interface LoadPlan {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

const plan = JSON.parse(process.argv[2] ?? "{}") as LoadPlan;
const options = {
  url: plan.url,
  method: plan.method,
  headers: plan.headers,
  body: plan.body,
  connections: plan.connections,
};

await autocannon({ ...options, duration: plan.warmupSeconds });
const result = await autocannon({ ...options, duration: plan.seconds });

const figures: LoadFigures = {
  requestsPerSecond: result.requests.total / plan.seconds,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  total: result.requests.total,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
