// What the SDK costs per call over openapi-fetch, with a stub `fetch` that answers at once,
// so only the client's own work (request, auth, time limit, parsing, checks) is timed. The
// baseline is openapi-fetch with the one thing a careful caller adds and that is not free:
// a time limit per call. Bare openapi-fetch is shown for what that time limit costs.
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import type * as Sdk from "../src/client/index.js";
import * as fixtures from "./lib/fixtures.js";
import { measurePerCall, pairedRatio } from "./lib/per-call.js";
import { bundleForNode } from "./lib/processes.js";
import { type BenchResult, micros, ratio, type TargetResult } from "./lib/report.js";

const BASE_URL = "http://plant-store.test";
const BARE = "openapi-fetch";
const BASELINE = "openapi-fetch + timeout";
const SDK = "createPlantStoreClient";
const GOAL = 1.1;
const TIMEOUT_MS = 30_000;
const AUTH_HEADERS = { authorization: fixtures.AUTHORIZATION };

/** A stub fetch that answers at once with a fresh Response per call, as a real fetch does. */
const stubFetch = (status: number, body: string) => async (_request: Request) =>
  new Response(body, { status, headers: { "content-type": "application/json" } });

/** A per-call time limit the usual way: an AbortController and a timer, cleared after. */
async function withTimeout(call: (signal: AbortSignal) => Promise<unknown>): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick
    ? { warmupCalls: 1_000, callsPerRound: 500, rounds: 3 }
    : { warmupCalls: 20_000, callsPerRound: 3_000, rounds: 51 };
  // The SDK as users run it, bundled from src the way tsup builds dist/.
  const bundle = await bundleForNode("src/client/index.ts", "sdk");
  const { createPlantStoreClient }: typeof Sdk = await import(pathToFileURL(bundle).href);
  const clients = (fetch: (request: Request) => Promise<Response>) => ({
    openapiFetch: createClient<Sdk.paths>({ baseUrl: BASE_URL, fetch, headers: AUTH_HEADERS }),
    sdk: createPlantStoreClient({ baseUrl: BASE_URL, token: fixtures.BENCH_TOKEN, fetch }),
  });
  const listing = clients(stubFetch(200, fixtures.TEN_PLANTS_JSON));
  const creating = clients(stubFetch(201, fixtures.NEW_PLANT_JSON));
  const operations = [
    {
      label: "listPlants (GET)",
      openapiFetch: (signal?: AbortSignal) =>
        listing.openapiFetch.GET("/plants", { params: { query: { limit: 10 } }, signal }),
      sdk: () => listing.sdk.listPlants({ limit: 10 }),
    },
    {
      label: "createPlant (POST)",
      openapiFetch: (signal?: AbortSignal) =>
        creating.openapiFetch.POST("/plants", { body: fixtures.NEW_PLANT, signal }),
      sdk: () => creating.sdk.createPlant(fixtures.NEW_PLANT),
    },
  ];
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const operation of operations) {
    const untimed = { name: BARE, call: () => operation.openapiFetch() };
    const timed = { name: BASELINE, call: () => withTimeout(operation.openapiFetch) };
    const results = await measurePerCall(
      [untimed, timed, { name: SDK, call: operation.sdk }],
      plan,
    );
    const [bare, baseline, ours] = results;
    if (!bare || !baseline || !ours) throw new Error("a candidate was not measured");
    for (const result of results) {
      const share = ratio(pairedRatio(result, baseline), 1);
      rows.push([operation.label, result.name, micros(result.medianNs), share]);
    }
    const share = pairedRatio(ours, baseline);
    targets.push({
      target: `SDK ${operation.label} per call <= ${GOAL}x ${BASELINE}`,
      measured: `${ratio(share, 1)} (${BARE} without a time limit: ${ratio(pairedRatio(bare, baseline), 1)})`,
      pass: share <= GOAL,
    });
  }
  return {
    table: {
      title: "2. SDK overhead per call (stub fetch)",
      baseline: `${BASELINE}: openapi-fetch's createClient with the same stub fetch and headers, and an AbortController and timer per call; "x baseline" is the median over the rounds of the ratio to the baseline's time in the same round.`,
      columns: ["operation", "client", "median µs/call", "x baseline"],
      rows,
      notes: [
        `${plan.rounds} rounds of ${plan.callsPerRound} sequential calls after ${plan.warmupCalls} warm-up calls each, in rotating order, a GC before each turn. The SDK is bundled from src as tsup builds it; openapi-fetch is the same module for every row.`,
      ],
    },
    targets,
  };
}
