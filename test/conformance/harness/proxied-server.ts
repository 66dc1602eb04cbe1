import type { PlantStore } from "../../../src/mock/store/store-types.js";
import {
  type PlantStoreServer,
  type PlantStoreServerOptions,
  startPlantStoreServer,
} from "../../../src/server/index.js";
import { createCheckedFetch } from "./checked-fetch.js";
import type { ConformanceLedger } from "./conformance-ledger.js";
import { type PrismProcess, startPrismProxy } from "./prism-process.js";
import { createSpecValidator, type SpecValidator } from "./spec-validator.js";

export interface ProxiedServer {
  /** The Prism proxy in front of the server: send requests here, through `fetch`. */
  proxyUrl: string;
  /** The reference server itself. */
  server: PlantStoreServer;
  store: PlantStore;
  /** Checks every answer; see checked-fetch.ts. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

let sharedValidator: SpecValidator | undefined;

/** The standalone reference server on a free port, with Prism validating in front of it. */
export async function startProxiedServer(
  options: PlantStoreServerOptions,
  ledger: ConformanceLedger,
): Promise<ProxiedServer> {
  const server = await startPlantStoreServer({ ...options, port: 0, host: "127.0.0.1" });
  let prism: PrismProcess;
  try {
    prism = await startPrismProxy(server.url);
  } catch (error) {
    await server.close();
    throw error;
  }
  sharedValidator ??= createSpecValidator();
  return {
    proxyUrl: prism.url,
    server,
    store: server.store,
    fetch: createCheckedFetch({
      proxyUrl: prism.url,
      serverUrl: server.url,
      validator: sharedValidator,
      ledger,
    }),
    close: once(() => Promise.all([prism.close(), server.close()]).then(() => undefined)),
  };
}

/** The suite closes its targets and our afterAll closes them again after a failure. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
