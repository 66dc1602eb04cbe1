// autocannon in a process of its own, so the load generator never shares an event loop
// with the server under test (on 2 cores each gets one). Takes a JSON array of plans as its
// argument; for each, warms the server up and measures; prints one JSON array of figures.
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
  /** The slowest request of the measured run. */
  maxMs: number;
  errors: number;
  non2xx: number;
  total: number;
}

async function measure(plan: LoadPlan): Promise<LoadFigures> {
  const options = {
    url: plan.url,
    method: plan.method,
    headers: plan.headers,
    body: plan.body,
    connections: plan.connections,
  };
  // Each autocannon run costs ~0.5 s beyond its duration, so --quick skips the warm-up.
  if (plan.warmupSeconds > 0) await autocannon({ ...options, duration: plan.warmupSeconds });
  const result = await autocannon({ ...options, duration: plan.seconds });
  return {
    requestsPerSecond: result.requests.total / plan.seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

// One after the other, never at once: each plan gets the whole load-generating core.
const figures: LoadFigures[] = [];
for (const plan of JSON.parse(process.argv[2] ?? "[]") as LoadPlan[]) {
  figures.push(await measure(plan));
}
process.stdout.write(`${JSON.stringify(figures)}\n`);
