// The contract through MSW in-process, with a path prefix, unhandled requests failing.
// answerUnknownPaths puts the contract's 404 for unknown paths under MSW too; by default the
// set claims only /plants (test/msw/handlers.test.ts proves that half).
import type { RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll } from "vitest";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { describePlantStoreContract } from "./plant-store-contract.js";

const server = setupServer();
const active = new Set<RequestHandler[]>();
let started = 0;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describePlantStoreContract("MSW handlers", async ({ tokens, createStatus, seed }) => {
  // Each target gets its own host, so two targets can be live at once.
  const baseUrl = `https://plant-store-${++started}.test/v1`;
  const mock = createPlantStoreHandlers({
    baseUrl,
    tokens,
    createStatus,
    seed,
    answerUnknownPaths: true,
  });
  active.add(mock.handlers);
  server.use(...mock.handlers);
  return {
    baseUrl,
    fetch: (input, init) => globalThis.fetch(input, init),
    store: mock.store,
    faults: mock,
    async close() {
      active.delete(mock.handlers);
      server.resetHandlers(...[...active].flat());
    },
  };
});
