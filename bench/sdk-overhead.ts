// Benchmark 2: what each HTTP client adds per call, with a stub `fetch` that answers at
// once, so only the client's own work (building the request, auth, parsing, error and
// retry plumbing) is timed. The stub builds a fresh Response per call like a real fetch.
import { pathToFileURL } from "node:url";
import axios from "axios";
import createClient from "openapi-fetch";
import type * as Sdk from "../src/client/index.js";
import type { paths } from "../src/client/types.js";
import {
  AUTHORIZATION,
  BENCH_TOKEN,
  NEW_PLANT,
  NEW_PLANT_JSON,
  TEN_PLANTS_JSON,
} from "./lib/fixtures.js";
import { bundleForNode } from "./lib/node-bundle.js";
import { type Candidate, measurePerCall, pairedRatio } from "./lib/per-call.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { micros, ratio } from "./lib/report.js";

const BASE_URL = "http://plant-store.test";
const jsonHeaders = { "content-type": "application/json" };
const listFetch = async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(TEN_PLANTS_JSON, { status: 200, headers: jsonHeaders });
const createFetch = async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(NEW_PLANT_JSON, { status: 201, headers: jsonHeaders });

const BASELINE = "bare openapi-fetch";
const WITH_TIMEOUT = "bare openapi-fetch + timeout";
const OURS = "createPlantStoreClient";
const TIMEOUT_MS = 30_000;

// The SDK as users run it: bundled from src the way tsup builds dist/. (Through tsx, every
// function the SDK creates per call would also pay for esbuild's keepNames wrapper.)
const { createPlantStoreClient }: typeof Sdk = await import(
  pathToFileURL(await bundleForNode("src/client/index.ts", "sdk")).href
);

/**
 * What bare openapi-fetch costs once it gets the one thing our client adds that cannot be
 * free: a time limit per request (a fresh AbortController and timer per call, passed the way
 * openapi-fetch's docs show). It puts the SDK's figure in proportion.
 */
async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

function candidatesFor(stub: typeof fetch, operation: "list" | "create"): Candidate[] {
  const openapiFetch = createClient<paths>({
    baseUrl: BASE_URL,
    fetch: stub,
    headers: { authorization: AUTHORIZATION },
  });
  const ours = createPlantStoreClient({ baseUrl: BASE_URL, token: BENCH_TOKEN, fetch: stub });
  const axiosClient = axios.create({
    baseURL: BASE_URL,
    adapter: "fetch",
    env: { fetch: stub },
    headers: { authorization: AUTHORIZATION },
  });
  if (operation === "list") {
    return [
      {
        name: "raw fetch + res.json()",
        call: async () =>
          (
            await stub(`${BASE_URL}/plants?limit=10`, { headers: { authorization: AUTHORIZATION } })
          ).json(),
      },
      {
        name: BASELINE,
        call: () => openapiFetch.GET("/plants", { params: { query: { limit: 10 } } }),
      },
      {
        name: WITH_TIMEOUT,
        call: () =>
          withTimeout((signal) =>
            openapiFetch.GET("/plants", { params: { query: { limit: 10 } }, signal }),
          ),
      },
      { name: OURS, call: () => ours.listPlants({ limit: 10 }) },
      {
        name: "axios (fetch adapter)",
        call: () => axiosClient.get("/plants", { params: { limit: 10 } }),
      },
    ];
  }
  return [
    {
      name: "raw fetch + res.json()",
      call: async () =>
        (
          await stub(`${BASE_URL}/plants`, {
            method: "POST",
            headers: { authorization: AUTHORIZATION, "content-type": "application/json" },
            body: JSON.stringify(NEW_PLANT),
          })
        ).json(),
    },
    { name: BASELINE, call: () => openapiFetch.POST("/plants", { body: NEW_PLANT }) },
    {
      name: WITH_TIMEOUT,
      call: () =>
        withTimeout((signal) => openapiFetch.POST("/plants", { body: NEW_PLANT, signal })),
    },
    { name: OURS, call: () => ours.createPlant(NEW_PLANT) },
    { name: "axios (fetch adapter)", call: () => axiosClient.post("/plants", NEW_PLANT) },
  ];
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick
    ? { warmupCalls: 1_000, callsPerRound: 500, rounds: 3 }
    : { warmupCalls: 20_000, callsPerRound: 3_000, rounds: 51 };
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const [label, stub, operation] of [
    ["listPlants (GET)", listFetch, "list"],
    ["createPlant (POST)", createFetch, "create"],
  ] as const) {
    const results = await measurePerCall(candidatesFor(stub, operation), plan);
    const named = (name: string) => {
      const found = results.find((result) => result.name === name);
      if (!found) throw new Error(`no candidate named ${name}`);
      return found;
    };
    const baseline = named(BASELINE);
    for (const result of results) {
      rows.push([
        label,
        result.name,
        micros(result.medianNs),
        `${micros(result.minNs)}-${micros(result.maxNs)}`,
        ratio(pairedRatio(result, baseline), 1),
      ]);
    }
    const ours = named(OURS);
    const versusTimeout = pairedRatio(ours, named(WITH_TIMEOUT));
    const versusBare = pairedRatio(ours, baseline);
    targets.push(
      {
        target: `SDK ${label} per call <= 1.0x ${WITH_TIMEOUT}`,
        measured: ratio(versusTimeout, 1),
        pass: versusTimeout <= 1,
      },
      {
        target: `SDK ${label} per call <= 1.3x ${BASELINE}`,
        measured: ratio(versusBare, 1),
        pass: versusBare <= 1.3,
      },
    );
  }
  return {
    tables: [
      {
        title: "2. SDK overhead per call (stub fetch)",
        baseline: `${BASELINE} (createClient with the same stub fetch and headers); "x baseline" is the median over the rounds of the ratio to the baseline's time in the same round.`,
        columns: ["operation", "client", "median µs/call", "range over rounds", "x baseline"],
        rows,
        notes: [
          `${plan.rounds} rounds of ${plan.callsPerRound} sequential calls each after ${plan.warmupCalls} warm-up calls; candidates take turns in rotating order with a GC before each turn. The SDK is bundled from src as tsup builds it.`,
        ],
      },
    ],
    targets,
  };
}
