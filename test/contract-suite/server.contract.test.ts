// The contract over real HTTP against the standalone server, with a path prefix.
import { startPlantStoreServer } from "../../src/server/index.js";
import { describePlantStoreContract } from "./plant-store-contract.js";

describePlantStoreContract("standalone server", async ({ tokens, createStatus, seed }) => {
  const server = await startPlantStoreServer({ tokens, createStatus, seed, basePath: "/v1" });
  return {
    baseUrl: server.url,
    fetch: (input, init) => globalThis.fetch(input, init),
    store: server.store,
    faults: server,
    close: () => server.close(),
  };
});
