import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedTokens, type FuzzRequest, fuzzRequest } from "./fuzz/fuzz-requests.js";
import { expectedPlant, expectedStatus, namedField, PlantModel } from "./fuzz/plant-model.js";
import { ConformanceLedger } from "./harness/conformance-ledger.js";
import { type ProxiedServer, startProxiedServer } from "./harness/proxied-server.js";

// Property-based run through the Prism proxy. Reproduce a failure with the seed it prints:
// CONFORMANCE_SEED=<seed> npx vitest run test/conformance/fuzz-through-prism.test.ts
const seed = Number(process.env.CONFORMANCE_SEED ?? Math.floor(Math.random() * 2 ** 31));
// 50 runs of at least 20 requests and 3 closing lists: never fewer than 1,150 requests.
const numRuns = 50;
const minimumRequests = 1_000;
const seedPlants = [
  { name: "Monstera", tag: "tropical", id: 1 },
  { name: "Boston fern", id: 5 },
  { name: "Saguaro", tag: "desert" },
];

const ledger = new ConformanceLedger("fuzz-through-prism");
let target: ProxiedServer;

beforeAll(async () => {
  target = await startProxiedServer({ tokens: acceptedTokens, seed: seedPlants }, ledger);
}, 30_000);

afterAll(async () => {
  await target?.close();
  ledger.write();
});

async function send(request: FuzzRequest): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.credentials.header !== undefined) headers.authorization = request.credentials.header;
  if (request.kind === "list") {
    const query = request.query === "" ? "" : `?${request.query}`;
    return target.fetch(`${target.proxyUrl}/plants${query}`, { headers });
  }
  if (request.contentType !== undefined) headers["content-type"] = request.contentType;
  return target.fetch(`${target.proxyUrl}/plants`, {
    method: "POST",
    headers,
    body: request.body.text,
  });
}

async function checkAnswer(request: FuzzRequest, model: PlantModel): Promise<void> {
  const { store } = target;
  const id =
    request.kind === "create" && request.body.kind === "valid" ? request.body.id : undefined;
  const idTaken = id !== undefined && store.entries().some((entry) => entry.id === id);
  const before = JSON.stringify(store.entries());

  const response = await send(request);
  const body: unknown = await response.json();
  expect(response.status, "no 5xx").toBeLessThan(500);
  expect(response.status, JSON.stringify(body)).toBe(expectedStatus(request, idTaken));

  if (response.status >= 400) {
    expect(body).toMatchObject({ error: response.status, message: expect.any(String) });
    const field = response.status === 400 ? namedField(request) : undefined;
    if (field !== undefined) expect((body as { message: string }).message).toContain(field);
    if (request.kind === "create")
      expect(JSON.stringify(store.entries()), "a rejected create changes nothing").toBe(before);
    return;
  }
  const token = request.credentials.token as (typeof acceptedTokens)[number];
  if (request.kind === "list") {
    const limit = typeof request.limit === "number" ? request.limit : undefined;
    expect((body as unknown[]).length).toBeLessThanOrEqual(limit ?? Number.POSITIVE_INFINITY);
    expect(body, "seed plants, then the viewer's own, once each, in order").toEqual(
      model.visibleTo(token, limit),
    );
    return;
  }
  const plant = expectedPlant(request);
  expect(body).toEqual(plant);
  expect(store.size).toBe(JSON.parse(before).length + 1);
  if (plant !== undefined) model.add(token, plant);
}

describe("fast-check through the Prism proxy", () => {
  it(`keeps every invariant over at least ${minimumRequests} generated requests (seed ${seed})`, async () => {
    const property = fc.asyncProperty(
      fc.array(fuzzRequest, { minLength: 20, maxLength: 30 }),
      async (requests) => {
        target.store.reset();
        const model = new PlantModel(
          seedPlants.map(({ name, tag }) => (tag === undefined ? { name } : { name, tag })),
        );
        for (const request of requests) await checkAnswer(request, model);
        // Whatever the sequence did, each token's full list is exactly the seed plus its own.
        for (const token of acceptedTokens) {
          const headers = { authorization: `Bearer ${token}` };
          const response = await target.fetch(`${target.proxyUrl}/plants`, { headers });
          expect(await response.json()).toEqual(model.visibleTo(token));
        }
      },
    );
    try {
      await fc.assert(property, { seed, numRuns });
    } catch (error) {
      throw new Error(`fuzz failed; reproduce with CONFORMANCE_SEED=${seed}\n${String(error)}`, {
        cause: error,
      });
    }
    expect(ledger.requests).toBeGreaterThanOrEqual(minimumRequests);
    expect(ledger.takeViolations()).toEqual([]);
  }, 120_000);
});
