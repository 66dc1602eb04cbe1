// Benchmark 3: what one request costs when mocked in-process with MSW, our handler set
// against a trivial MSW handler that answers a constant: the floor any MSW handler pays.
// Two paths: `setupServer` + the global fetch (what consumer test suites do) and msw's
// `getResponse` (MSW's dispatch alone, without the fetch interceptor). The last rows
// call our fetch handler directly, without MSW, to show how much of the cost is ours.
import { getResponse, HttpResponse, http, type RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { createPlantStoreFetchHandler } from "../src/mock/fetch-handler.js";
import { createPlantStoreHandlers } from "../src/msw/handlers.js";
import { AUTHORIZATION, NEW_PLANT, NEW_PLANT_JSON, TEN_PLANTS } from "./lib/fixtures.js";
import { type Candidate, measurePerCall } from "./lib/per-call.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { micros, ratio } from "./lib/report.js";

const BASE_URL = "http://plant-store.test";
const TRIVIAL = "trivial MSW handler";
const OURS = "createPlantStoreHandlers";

const trivialHandlers: RequestHandler[] = [
  http.get(`${BASE_URL}/plants`, () => HttpResponse.json(TEN_PLANTS)),
  http.post(`${BASE_URL}/plants`, () => HttpResponse.json(NEW_PLANT, { status: 201 })),
];
const ours = createPlantStoreHandlers({ baseUrl: BASE_URL, seed: TEN_PLANTS });
const direct = createPlantStoreFetchHandler({ seed: TEN_PLANTS });

const requests = {
  list: () =>
    new Request(`${BASE_URL}/plants?limit=10`, { headers: { authorization: AUTHORIZATION } }),
  create: () =>
    new Request(`${BASE_URL}/plants`, {
      method: "POST",
      headers: { authorization: AUTHORIZATION, "content-type": "application/json" },
      body: NEW_PLANT_JSON,
    }),
};

async function consume(response: Response | undefined): Promise<unknown> {
  if (!response?.ok) throw new Error(`unexpected answer ${response?.status}`);
  return response.json();
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick
    ? { warmupCalls: 300, callsPerRound: 200, rounds: 3 }
    : { warmupCalls: 1_000, callsPerRound: 500, rounds: 11 };
  const server = setupServer();
  server.listen({ onUnhandledRequest: "error" });
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const operation of ["list", "create"] as const) {
    const request = requests[operation];
    const viaServer = (name: string, handlers: RequestHandler[]): Candidate => ({
      name: `${name} (setupServer + fetch)`,
      before: () => server.resetHandlers(...handlers),
      call: async () => consume(await fetch(request())),
    });
    const viaGetResponse = (name: string, handlers: RequestHandler[]): Candidate => ({
      name: `${name} (getResponse)`,
      call: async () => consume(await getResponse(handlers, request())),
    });
    const candidates = [
      viaServer(TRIVIAL, trivialHandlers),
      viaServer(OURS, ours.handlers),
      viaGetResponse(TRIVIAL, trivialHandlers),
      viaGetResponse(OURS, ours.handlers),
      {
        name: "our fetch handler alone (no MSW)",
        call: async () => consume(await direct(request())),
      },
    ];
    const results = await measurePerCall(candidates, plan);
    const time = (name: string) => results.find((result) => result.name === name)?.medianNs ?? 0;
    const label = operation === "list" ? "GET /plants?limit=10" : "POST /plants";
    for (const result of results) {
      const baseline = result.name.endsWith("(getResponse)")
        ? time(`${TRIVIAL} (getResponse)`)
        : time(`${TRIVIAL} (setupServer + fetch)`);
      rows.push([label, result.name, micros(result.medianNs), ratio(result.medianNs, baseline)]);
    }
    const share = time(`${OURS} (setupServer + fetch)`) / time(`${TRIVIAL} (setupServer + fetch)`);
    targets.push({
      target: `MSW handlers <= 1.2x trivial MSW handler, ${label}`,
      measured: `${share.toFixed(2)}x`,
      pass: share <= 1.2,
    });
  }
  server.close();
  return {
    tables: [
      {
        title: "3. MSW in-process cost per request",
        baseline: `${TRIVIAL} answering a constant through the same path; "x trivial" divides by its median (the no-MSW row by the setupServer one).`,
        columns: ["request", "handler (path)", "median µs/request", "x trivial"],
        rows,
        notes: [
          `${plan.rounds} rounds of ${plan.callsPerRound} sequential requests after ${plan.warmupCalls} warm-up requests, rotating order, GC before each turn. Each request is a new Request and its JSON body is read.`,
        ],
      },
    ],
    targets,
  };
}
