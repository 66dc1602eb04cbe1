// The MSW handler set: the requests it claims go to the same fetch handler the standalone
// server uses. The only folder of the package that imports msw.
import { http } from "msw";
import { createPlantStoreFetchHandler } from "../mock/fetch-handler.js";
import { claimedRoute } from "./claimed-route.js";
import { checkHandlersOptions } from "./handlers-options.js";
import type { PlantStoreHandlers, PlantStoreHandlersOptions } from "./types.js";

/**
 * The reference server as MSW handlers for `setupServer` or `setupWorker`. They claim
 * `{baseUrl}/plants` only (every path with `answerUnknownPaths: true`); everything else is
 * left to your other handlers and `onUnhandledRequest`.
 */
export function createPlantStoreHandlers(options: PlantStoreHandlersOptions): PlantStoreHandlers {
  const { origin, basePath, answerUnknownPaths, handlerOptions } = checkHandlersOptions(options);
  const handle = createPlantStoreFetchHandler(handlerOptions);
  const route = claimedRoute(origin, basePath, answerUnknownPaths ? "prefix" : "plants");
  return {
    handlers: [http.all(route, ({ request }) => handle(request))],
    store: handle.store,
    failNext: handle.failNext,
    delayNext: handle.delayNext,
    clearFaults: handle.clearFaults,
    requests: handle.requests,
    clearRequests: handle.clearRequests,
  };
}
