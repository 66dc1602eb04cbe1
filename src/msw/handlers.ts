// The MSW handler set: the requests it claims go to the same fetch handler the standalone
// server uses. The only folder of the package that imports msw.
import { http, type RequestHandler } from "msw";
import { createPlantStoreFetchHandler } from "../mock/fetch-handler.js";
import type { PlantStore, PlantStoreFaults, PlantStoreHandlerOptions } from "../mock/types.js";
import { claimedRoute } from "./claimed-route.js";

export interface PlantStoreHandlersOptions extends Omit<PlantStoreHandlerOptions, "basePath"> {
  /** Where the mocked API lives, with any path prefix: "https://api.example.com/v1". */
  baseUrl: string;
  /**
   * `false` (default): only `{baseUrl}/plants` is claimed, every method (so a DELETE still
   * gets the contract's 405); other paths go on to your own handlers and then to
   * `onUnhandledRequest`. `true`: every other path under `baseUrl` gets the contract's 404
   * too, as from the standalone server, and handlers listed after this set never see it.
   */
  answerUnknownPaths?: boolean;
}

export interface PlantStoreHandlers extends PlantStoreFaults {
  /** Pass to `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: RequestHandler[];
  store: PlantStore;
}

export function createPlantStoreHandlers(options: PlantStoreHandlersOptions): PlantStoreHandlers {
  const { baseUrl, answerUnknownPaths = false, ...handlerOptions } = options;
  if (typeof answerUnknownPaths !== "boolean") {
    throw new TypeError("answerUnknownPaths must be true or false.");
  }
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  const handle = createPlantStoreFetchHandler({ ...handlerOptions, basePath: prefix });
  const route = claimedRoute(base.origin, prefix, answerUnknownPaths ? "prefix" : "plants");
  return {
    handlers: [http.all(route, ({ request }) => handle(request))],
    store: handle.store,
    failNext: handle.failNext,
    delayNext: handle.delayNext,
    clearFaults: handle.clearFaults,
  };
}
