// Every breakNext kind through every serving path (the fetch handler as the SDK's fetch, MSW's
// setupServer, the Node server over HTTP), for both operations: the SDK throws one error class
// per kind, the same everywhere. The answer broke off (network-error, truncated): a
// PlantStoreConnectionError; the client's own time limit (hang): a PlantStoreTimeoutError; a
// 2xx body the contract forbids (malformed-json, wrong-shape): a PlantStoreError itself.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createPlantStoreClient,
  type PlantStoreClient,
  PlantStoreConnectionError,
  PlantStoreError,
  PlantStoreTimeoutError,
} from "../../src/client/index.js";
import type { PlantStoreOperation } from "../../src/contract/journal-entries.js";
import { BREAK_KINDS, type BreakKind, createPlantStoreFetchHandler } from "../../src/mock/index.js";
import type { PlantStoreScenarios } from "../../src/mock/scenarios/scenario-types.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const TOKEN = "broken-answers-token";
/** Short, so a hang ends quickly; no test asserts how long anything took. */
const TIMEOUT_MS = 300;

const EXPECTED: Record<BreakKind, typeof PlantStoreError> = {
  "network-error": PlantStoreConnectionError,
  hang: PlantStoreTimeoutError,
  truncated: PlantStoreConnectionError,
  "malformed-json": PlantStoreError,
  "wrong-shape": PlantStoreError,
};

interface ServingPath {
  faults: PlantStoreScenarios;
  client: PlantStoreClient;
}

const MSW_BASE = "http://broken-answers.test/v1";
const msw = createPlantStoreHandlers({ baseUrl: MSW_BASE, tokens: [TOKEN] });
const mswServer = setupServer(...msw.handlers);
const handler = createPlantStoreFetchHandler({ tokens: [TOKEN] });
let server: PlantStoreServer;

const paths: Record<string, () => ServingPath> = {
  "fetch handler": () => ({
    faults: handler,
    client: createPlantStoreClient({
      baseUrl: "http://fetch-handler.test",
      token: TOKEN,
      fetch: handler,
      timeout: TIMEOUT_MS,
    }),
  }),
  "MSW (setupServer)": () => ({
    faults: msw,
    client: createPlantStoreClient({ baseUrl: MSW_BASE, token: TOKEN, timeout: TIMEOUT_MS }),
  }),
  "Node server": () => ({
    faults: server,
    client: createPlantStoreClient({ baseUrl: server.url, token: TOKEN, timeout: TIMEOUT_MS }),
  }),
};

beforeAll(async () => {
  mswServer.listen({ onUnhandledRequest: "bypass" });
  server = await startPlantStoreServer({ port: 0, tokens: [TOKEN] });
});
afterEach(() => {
  // Ends the hangs, so nothing is left waiting after a test.
  handler.clearFaults();
  msw.clearFaults();
  server.clearFaults();
});
afterAll(async () => {
  mswServer.close();
  await server.close();
});

function call(client: PlantStoreClient, operation: PlantStoreOperation) {
  // No retry: each break applies to one call, and a retry would get the normal answer.
  return operation === "listPlants"
    ? client.listPlants({}, { retry: false })
    : client.createPlant({ name: "Resilient fern" }, { retry: false });
}

const cases = Object.keys(paths).flatMap((path) =>
  BREAK_KINDS.flatMap((kind) =>
    (["listPlants", "createPlant"] as const).map((operation) => [path, kind, operation] as const),
  ),
);

describe("the SDK's error for each broken answer, on every serving path", () => {
  it.each(cases)("%s, %s on %s", async (path, kind, operation) => {
    const { faults, client } = (paths[path] as () => ServingPath)();
    faults.breakNext(operation, kind);
    const error = await call(client, operation).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(EXPECTED[kind]);
    expect((error as Error).constructor).toBe(EXPECTED[kind]);
    if (kind === "malformed-json" || kind === "wrong-shape") {
      expect((error as Error).message).toMatch(/ answered 20[01], breaking the contract: /);
    }
    // The break was used up: the next call gets the contract's answer.
    faults.clearFaults();
    await expect(call(client, operation)).resolves.toBeDefined();
  });
});
