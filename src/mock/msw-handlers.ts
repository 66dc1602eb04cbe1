// The MSW handler set: one catch-all under `baseUrl` that hands the request to the same
// fetch handler the standalone server uses. The only file of src/mock that imports msw.
import { http, type RequestHandler } from "msw";
import { createPlantStoreFetchHandler } from "./fetch-handler.js";
import { checkHandlersOptions } from "./handler-options.js";
import type { PlantStoreRequestJournal } from "./journal.js";
import type { PlantStore, PlantStoreFaults, PlantStoreHandlerOptions } from "./types.js";

export interface PlantStoreHandlersOptions extends Omit<PlantStoreHandlerOptions, "basePath"> {
  /** Where the mocked API lives, with any path prefix: "https://api.example.com/v1". */
  baseUrl: string;
}

export interface PlantStoreHandlers extends PlantStoreFaults, PlantStoreRequestJournal {
  /** Pass to `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: RequestHandler[];
  store: PlantStore;
}

export function createPlantStoreHandlers(options: PlantStoreHandlersOptions): PlantStoreHandlers {
  const { origin, basePath: prefix, handlerOptions } = checkHandlersOptions(options);
  const handle = createPlantStoreFetchHandler(handlerOptions);
  // Everything under the prefix is ours (unknown paths get the contract's 404); requests
  // elsewhere are left to other handlers or to MSW's onUnhandledRequest.
  const catchAll = http.all(`${origin}${prefix}/*`, ({ request }) => handle(request));
  return {
    handlers: [catchAll],
    store: handle.store,
    failNext: handle.failNext,
    delayNext: handle.delayNext,
    clearFaults: handle.clearFaults,
    requests: handle.requests,
    clearRequests: handle.clearRequests,
  };
}
