// The request path's own cost, without HTTP: the core every adapter shares answers a list and
// a create, in a world holding nothing, and in one holding 1,000 live sandboxes and a scenario
// (scripted with a `when`) for the other operation, which the request must pass by at no cost.
// A third row shows what a scenario of the request's own operation costs when it does not
// match (the request is then built as a `when` sees it). Promises are counted per request.
import { createHook } from "node:async_hooks";
import type { CoreRequest } from "../src/contract/core-exchange.js";
import type { PlantStoreOperation } from "../src/contract/journal-entries.js";
import type * as CoreEntry from "./lib/core-entry.js";
import * as fixtures from "./lib/fixtures.js";
import { type Candidate, measurePerCall, medianRatio } from "./lib/per-call.js";
import { bundleForNode } from "./lib/processes.js";
import { type BenchResult, micros, ratio, type TargetResult } from "./lib/report.js";

const SANDBOXES = 1000;
/** A request no sandbox or scenario applies to may cost no more than run-to-run noise. */
const GOAL = 1.1;

/** What `when` matches: requests the benchmark never sends. */
const NEVER_SENT = {
  createPlant: { body: { name: "Never sent" } },
  listPlants: { query: { limit: 7 } },
} as const;

type World = "none" | "sandboxes" | "own";

/** A core as the server builds it, holding what `world` names (set again after each reset). */
function coreFor(
  { readMockOptions, createPlantStoreCore }: typeof CoreEntry,
  world: World,
  measured: PlantStoreOperation,
) {
  const config = readMockOptions({ tokens: [fixtures.BENCH_TOKEN], seed: fixtures.TEN_PLANTS });
  const core = createPlantStoreCore(config);
  if (world !== "none") {
    for (let index = 0; index < SANDBOXES; index++) {
      core.inProcess.createSandbox({ seed: fixtures.TEN_PLANTS.slice(0, 3) });
    }
  }
  const other = measured === "listPlants" ? "createPlant" : "listPlants";
  const scripted = world === "own" ? measured : other;
  const script = () => {
    if (world === "none") return;
    const failure = { status: 503, times: Infinity } as const;
    // One call per operation: `when` is typed by the operation it is for.
    if (scripted === "createPlant") {
      core.inProcess.failNext("createPlant", { ...failure, when: NEVER_SENT.createPlant });
    } else {
      core.inProcess.failNext("listPlants", { ...failure, when: NEVER_SENT.listPlants });
    }
  };
  script();
  // Creates would grow the store over the rounds: each turn starts from the seed again.
  const restart = () => {
    core.inProcess.reset();
    script();
  };
  return { core, restart };
}

/** A request as an adapter hands it to the core, its body already arrived. */
function requestOf({ method, path, headers, body }: fixtures.BenchRequest): CoreRequest {
  const [pathname = path, query] = path.split("?");
  const bodyRead = Promise.resolve({ ok: true as const, text: body ?? "" });
  return {
    method,
    path: pathname,
    search: query === undefined ? "" : `?${query}`,
    host: "127.0.0.1",
    header: (name) => headers[name] ?? null,
    readBody: () => bodyRead,
    clientGone: () => false,
    onClientGone: () => () => {},
  };
}

/** Promises made while the core answers one request (async_hooks, outside the timed rounds). */
async function promisesPerRequest(call: () => Promise<unknown>): Promise<number> {
  let made = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === "PROMISE") made++;
    },
  });
  const calls = 100;
  hook.enable();
  for (let index = 0; index < calls; index++) await call();
  hook.disable();
  return made / calls;
}

const LABELS: Record<World, string> = {
  none: "no sandboxes, no scenario",
  sandboxes: `${SANDBOXES.toLocaleString("en-US")} sandboxes, a when-scenario for the other operation`,
  own: `${SANDBOXES.toLocaleString("en-US")} sandboxes, a when-scenario for its own operation (no match)`,
};

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick
    ? { warmupCalls: 2_000, callsPerRound: 2_000, rounds: 3 }
    : { warmupCalls: 50_000, callsPerRound: 20_000, rounds: 11 };
  const entry: typeof CoreEntry = await import(await bundleForNode("bench/lib/core-entry.ts"));
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  const routes = [
    { request: fixtures.LIST_REQUEST, operation: "listPlants" as const },
    { request: fixtures.CREATE_REQUEST, operation: "createPlant" as const },
  ];
  for (const { request, operation } of routes) {
    const worlds: World[] = ["none", "sandboxes", "own"];
    const candidates: (Candidate & { promises: number })[] = [];
    for (const world of worlds) {
      const { core, restart } = coreFor(entry, world, operation);
      const sent = requestOf(request);
      const call = () => core.handle(sent);
      const answer = await call();
      if (answer.status >= 300) throw new Error(`${request.label} answered ${answer.status}`);
      candidates.push({ name: world, call, before: restart, promises: 0 });
    }
    for (const candidate of candidates) {
      candidate.promises = await promisesPerRequest(candidate.call as () => Promise<unknown>);
    }
    const results = await measurePerCall(candidates, plan);
    const none = results[0]?.roundsNs ?? [];
    results.forEach(({ name, medianNs, roundsNs }, index) => {
      const world = name as World;
      const share = medianRatio(roundsNs, none);
      const promises = candidates[index]?.promises ?? NaN;
      const cells = [micros(medianNs), ratio(share, 1), promises.toFixed(1)];
      rows.push([request.label, LABELS[world], ...cells]);
      if (world !== "sandboxes") return;
      targets.push({
        target: `core, ${request.label}, with ${LABELS[world]}, <= ${GOAL}x with none`,
        measured: ratio(share, 1),
        pass: share <= GOAL,
      });
    });
  }
  return {
    table: {
      title: "9. The request path in process (the core, no HTTP)",
      baseline:
        'no sandboxes, no scenario: the same core holding nothing; "x none" is the median over the rounds of the ratio to its time in the same round.',
      columns: ["request", "world", "median µs/request", "x none", "promises/request"],
      rows,
      notes: [
        "createPlantStoreCore, bundled from src as tsup builds dist/, as every adapter builds it (the server's node:http adapter, the fetch handler, MSW), given the request as an adapter hands it over, its body already arrived: authentication, route, the scenario decision, the operation, the journal record, coverage and the pact note. HTTP and Node's streams are left out: table 1 has them.",
        `Each world its own core: ${SANDBOXES.toLocaleString("en-US")} sandboxes of three plants each, and a failNext with a \`when\` no measured request matches (a create named "Never sent", a list with limit=7), set for the other operation, or for the measured one in the last row. Each turn starts from a reset (the seed) and the scenario set again, untimed.`,
        `A full run: ${plan.rounds} rounds of ${plan.callsPerRound.toLocaleString("en-US")} sequential requests per world after ${plan.warmupCalls.toLocaleString("en-US")} warm-up requests, rotating order, a GC before each turn. Promises: counted with async_hooks over 100 requests outside the rounds, the caller's own await included.`,
      ],
    },
    targets,
  };
}
