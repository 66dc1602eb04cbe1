// What one request costs when mocked in-process with MSW: our handler set against a trivial
// MSW handler that answers a constant (the floor any MSW handler pays), through
// `setupServer` + the global fetch (what consumer test suites do). The last row calls our
// fetch handler without MSW, to show how much of the cost is ours.
import { HttpResponse, http, type RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { createPlantStoreFetchHandler } from "../src/mock/index.js";
import { createPlantStoreHandlers } from "../src/msw/index.js";
import { CREATE_REQUEST, LIST_REQUEST, NEW_PLANT, TEN_PLANTS } from "./lib/fixtures.js";
import { type Candidate, measurePerCall, pairedRatio } from "./lib/per-call.js";
import { type BenchResult, micros, ratio, type TargetResult } from "./lib/report.js";

const BASE_URL = "http://plant-store.test";
const TRIVIAL = "trivial MSW handler";
const OURS = "createPlantStoreHandlers";
const NO_MSW = "our fetch handler alone (no MSW)";
const GOAL = 1.2;

const trivialHandlers: RequestHandler[] = [
  http.get(`${BASE_URL}/plants`, () => HttpResponse.json(TEN_PLANTS)),
  http.post(`${BASE_URL}/plants`, () => HttpResponse.json(NEW_PLANT, { status: 201 })),
];

async function consume(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`unexpected answer ${response.status}`);
  return response.json();
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const plan = quick
    ? { warmupCalls: 300, callsPerRound: 200, rounds: 3 }
    : { warmupCalls: 1_000, callsPerRound: 500, rounds: 11 };
  const plantStore = createPlantStoreHandlers({ baseUrl: BASE_URL, seed: TEN_PLANTS });
  const direct = createPlantStoreFetchHandler({ seed: TEN_PLANTS });
  const server = setupServer();
  server.listen({ onUnhandledRequest: "error" });
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const { label, path, ...init } of [LIST_REQUEST, CREATE_REQUEST]) {
    const request = () => new Request(`${BASE_URL}${path}`, init);
    const viaMsw = (name: string, handlers: RequestHandler[]): Candidate => ({
      name,
      before: () => server.resetHandlers(...handlers),
      call: async () => consume(await fetch(request())),
    });
    const alone = { name: NO_MSW, call: async () => consume(await direct(request())) };
    const ours = viaMsw(OURS, plantStore.handlers);
    const results = await measurePerCall([viaMsw(TRIVIAL, trivialHandlers), ours, alone], plan);
    const [trivial, measured] = results;
    if (!trivial || !measured) throw new Error("a handler was not measured");
    for (const result of results) {
      const against = ratio(pairedRatio(result, trivial), 1);
      rows.push([label, result.name, micros(result.medianNs), against]);
    }
    const share = pairedRatio(measured, trivial);
    targets.push({
      target: `MSW handlers <= ${GOAL}x ${TRIVIAL}, ${label}`,
      measured: ratio(share, 1),
      pass: share <= GOAL,
    });
  }
  server.close();
  return {
    table: {
      title: "3. MSW in-process cost per request",
      baseline: `${TRIVIAL} answering a constant, through setupServer + fetch as ours; "x trivial" is the median over the rounds of the ratio to its time in the same round.`,
      columns: ["request", "handler", "median µs/request", "x trivial"],
      rows,
      notes: [
        `${plan.rounds} rounds of ${plan.callsPerRound} sequential requests after ${plan.warmupCalls} warm-up requests, rotating order, a GC before each turn. Each request is a new Request and its JSON body is read.`,
      ],
    },
    targets,
  };
}
