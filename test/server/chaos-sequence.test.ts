// The same chaos seed gives the same answers on every serving path: the same requests through
// the fetch handler, MSW (setupServer) and the Node server (chaos set over the admin API) see
// the same statuses, bodies and break kinds, and the journals agree.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminChaosOptions, createPlantStoreAdmin } from "../../src/admin/index.js";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const MSW_BASE = "https://chaos.example.test";
const TOKEN = "chaos-sequence-token";
// Typed for the admin client, whose headers are JSON; the in-process chaos takes it as it is.
const CHAOS: AdminChaosOptions = {
  rate: 0.5,
  seed: 4242,
  // Every kind but "hang", which would wait for the client to give up.
  failures: [
    { status: 503, headers: { "Retry-After": "2" } },
    { status: 429, message: "Slow down." },
    "network-error",
    "truncated",
    "malformed-json",
    "wrong-shape",
  ],
};

const msw = createPlantStoreHandlers({ baseUrl: MSW_BASE, tokens: [TOKEN], seed: [] });
const mswServer = setupServer(...msw.handlers);
let server: PlantStoreServer;
beforeAll(async () => {
  mswServer.listen({ onUnhandledRequest: "bypass" });
  server = await startPlantStoreServer({ tokens: [TOKEN], seed: [], admin: true });
});
afterAll(async () => {
  mswServer.close();
  await server.close();
});

/** What the app saw: the status and body text, a body cut off, or no answer at all. */
async function observe(send: Promise<Response>): Promise<string> {
  let response: Response;
  try {
    response = await send;
  } catch {
    return "no answer";
  }
  const retryAfter = response.headers.get("retry-after");
  try {
    return `${response.status} ${await response.text()}${retryAfter ? ` retry-after=${retryAfter}` : ""}`;
  } catch {
    return `${response.status} body cut off`;
  }
}

/** Forty requests, creates and lists mixed, through `fetchOn`. */
async function run(fetchOn: (path: string, init: RequestInit) => Promise<Response>) {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    const init: RequestInit =
      i % 3 === 0
        ? { headers: { authorization: `Bearer ${TOKEN}` } }
        : {
            method: "POST",
            headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
            body: JSON.stringify({ name: `plant-${i}` }),
          };
    seen.push(await observe(fetchOn("/plants", init)));
  }
  return seen;
}

const journalOf = (entries: { status: number; scripted?: string; broken?: string }[]) =>
  entries.map(({ status, scripted, broken }) => [status, scripted, broken]);

describe("chaos gives the same answers on every serving path", () => {
  it("fetch handler, MSW and the Node server over HTTP agree request by request", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN], seed: [] });
    handle.chaos(CHAOS);
    const viaHandler = await run((path, init) => handle(new Request(`http://x.test${path}`, init)));

    msw.chaos(CHAOS);
    const viaMsw = await run((path, init) => fetch(`${MSW_BASE}${path}`, init));

    await createPlantStoreAdmin({ baseUrl: server.url }).chaos(CHAOS);
    const viaHttp = await run((path, init) => fetch(`${server.url}${path}`, init));

    expect(viaMsw).toEqual(viaHandler);
    expect(viaHttp).toEqual(viaHandler);
    // The seed made every failure at least once, so the comparison covers them all.
    const statuses = new Set(viaHandler.map((seen) => seen.split(" ")[0]));
    expect(statuses).toEqual(new Set(["200", "201", "503", "429", "no"]));
    expect(viaHandler.some((seen) => seen.endsWith("body cut off"))).toBe(true);
    const journal = journalOf(handle.requests());
    const broken = new Set(journal.map(([, , kind]) => kind).filter((kind) => kind !== undefined));
    expect(broken).toEqual(
      new Set(["network-error", "truncated", "malformed-json", "wrong-shape"]),
    );
    expect(journalOf(msw.requests())).toEqual(journal);
    expect(journalOf(server.requests())).toEqual(journal);
  });
});
