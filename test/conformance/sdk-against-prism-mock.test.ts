import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createPlantStoreClient,
  PlantStoreApiError,
  type PlantStoreClientOptions,
} from "../../src/client/index.js";
import { ConformanceLedger } from "./harness/conformance-ledger.js";
import { type PrismProcess, startPrismMock } from "./harness/prism-process.js";
import { createSpecValidator } from "./harness/spec-validator.js";

// The SDK against `prism mock openapi.yaml` (static mode): Prism answers from the spec alone,
// with its examples, and validates every request the SDK sends; a request that breaks the
// spec comes back with an `sl-violations` header.
const ledger = new ConformanceLedger("sdk-against-prism-mock");
const validator = createSpecValidator();
// Prism's static answers are built from the spec's examples: the Plant example, and each error
// response's own example (test/contract-suite/openapi-examples.test.ts keeps those equal to what the
// reference server says).
const examplePlant = { name: "Monstera", tag: "tropical" };
const example400 = { error: 400, message: "limit must be an integer from 0 to 2147483647." };
const example401 = {
  error: 401,
  message: "The bearer token in the Authorization header is not accepted.",
};
const example409 = { error: 409, message: "id 42 is already in the store." };
let prism: PrismProcess | undefined;

vi.setConfig({ hookTimeout: 30_000 });

beforeAll(async () => {
  prism = await startPrismMock();
});

afterAll(async () => {
  await prism?.close();
  ledger.write();
});

/** Counts each request and records the ones Prism found invalid, unless the case sends one on purpose. */
function countingFetch(options: { invalidOnPurpose?: boolean; dropToken?: boolean } = {}) {
  return async (input: Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (options.dropToken) request.headers.delete("authorization");
    ledger.requests++;
    ledger.viaPrism++;
    const response = await fetch(request);
    const violations = response.headers.get("sl-violations");
    if (violations !== null && !options.invalidOnPurpose) {
      ledger.recordViolation(`${request.method} ${request.url}: ${violations}`);
    }
    return response;
  };
}

function client(overrides: Partial<PlantStoreClientOptions> = {}) {
  return createPlantStoreClient({
    baseUrl: prism?.url ?? "",
    token: "any-token",
    fetch: countingFetch(),
    retries: 0,
    ...overrides,
  });
}

async function apiError(call: Promise<unknown>): Promise<PlantStoreApiError> {
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PlantStoreApiError);
  return error as PlantStoreApiError;
}

describe("the SDK against Prism's mock of openapi.yaml", () => {
  it("listPlants sends valid requests and returns the spec's Plant array", async () => {
    for (const params of [undefined, { limit: 0 }, { limit: 2147483647 }]) {
      const plants = await client().listPlants(params);
      expect(plants).toEqual([examplePlant]);
      expect(validator.validateResponse("GET", "/plants", 200, plants)).toEqual([]);
    }
    expect(ledger.takeViolations()).toEqual([]);
  });

  it("createPlant sends a valid body and returns the spec's Plant", async () => {
    const plant = await client().createPlant({ name: "Fern", tag: "shade", id: 42 });
    expect(plant).toEqual(examplePlant);
    expect(validator.validateResponse("POST", "/plants", 200, plant)).toEqual([]);
    expect(ledger.takeViolations()).toEqual([]);
  });

  it("surfaces Prefer: code=400 as PlantStoreApiError 400 with the Error body", async () => {
    const sdk = client({ headers: { Prefer: "code=400" } });
    for (const call of [sdk.listPlants(), sdk.createPlant({ name: "Fern" })]) {
      const error = await apiError(call);
      expect(error).toMatchObject({ status: 400, code: 400, body: example400 });
      expect(error.message).toContain("failed with status 400");
    }
    expect(ledger.takeViolations()).toEqual([]);
  });

  it("surfaces Prefer: code=409 on create as PlantStoreApiError 409", async () => {
    const sdk = client({ headers: { Prefer: "code=409" } });
    const error = await apiError(sdk.createPlant({ name: "Fern", id: 7 }));
    expect(error).toMatchObject({ status: 409, code: 409, body: example409 });
  });

  it("surfaces a missing token as PlantStoreApiError 401 with a WWW-Authenticate challenge", async () => {
    const sdk = client({ fetch: countingFetch({ invalidOnPurpose: true, dropToken: true }) });
    for (const call of [sdk.listPlants(), sdk.createPlant({ name: "Fern" })]) {
      const error = await apiError(call);
      // Prism refuses the request itself, with the body of the spec's 401 example.
      expect(error).toMatchObject({ status: 401, code: 401, body: example401 });
      expect(error.headers.get("www-authenticate")).not.toBeNull();
      expect(error.headers.get("sl-violations")).toContain("Invalid security scheme used");
    }
    expect(ledger.takeViolations()).toEqual([]);
  });
});
