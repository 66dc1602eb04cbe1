// The MSW handler set: the requests it claims go to the same fetch handler the standalone
// server uses. The only folder of the package that imports msw.
import { HttpResponse, http, type RequestHandler } from "msw";
import { checkHttpBaseUrl } from "../contract/base-url.js";
import { checkOptionNames } from "../contract/option-names.js";
import { DroppedConnectionError, fetchHandlerFor } from "../fetch/fetch-handler.js";
import { checkBasePath, MOCK_OPTION_NAMES, readMockOptions } from "../mock/mock-options.js";
import type { PlantStoreMockOptions } from "../mock/serving-options.js";
import type { PlantStoreInProcess } from "../mock/world/in-process.js";
import { baseUrlMismatchHandler } from "./base-url-mismatch.js";
import { claimedRoute } from "./claimed-routes.js";

/** Options of {@link createPlantStoreHandlers}: the mock options and where the API lives. */
export interface PlantStoreMswOptions extends PlantStoreMockOptions {
  /** Where the mocked API lives, with any path prefix: "https://api.example.com/v1". */
  baseUrl: string;
  /**
   * `false` (default): only `{baseUrl}/plants` is claimed, every method (so a DELETE still
   * gets the contract's 405); other paths go on to your own handlers and then to
   * `onUnhandledRequest`. `true`: every other path under `baseUrl` gets the contract's 404
   * too, as from the standalone server, and handlers listed after this set never see it.
   */
  answerUnknownPaths?: boolean | undefined;
}

/** The MSW handler set, and the world and sandboxes it serves (`PlantStoreInProcess`). */
export interface PlantStoreHandlers extends PlantStoreInProcess {
  /** Pass to `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: RequestHandler[];
}

// `satisfies` keeps this list complete: a new option does not compile until it is listed.
const MSW_OPTIONS = {
  baseUrl: true,
  answerUnknownPaths: true,
  ...MOCK_OPTION_NAMES,
} satisfies Record<keyof PlantStoreMswOptions, true>;

/**
 * The reference server as MSW handlers for `setupServer` or `setupWorker`. They claim
 * `{baseUrl}/plants` only (every path with `answerUnknownPaths: true`), and answer a path
 * ending in `/plants` elsewhere on the origin with a 404 naming `baseUrl` (unless another
 * handler set serves it); everything else is left to your other handlers and
 * `onUnhandledRequest`.
 */
export function createPlantStoreHandlers(options: PlantStoreMswOptions): PlantStoreHandlers {
  checkOptionNames(options, MSW_OPTIONS);
  const { baseUrl, answerUnknownPaths = false, ...mockOptions } = options;
  if (typeof answerUnknownPaths !== "boolean") {
    throw new TypeError("answerUnknownPaths must be true or false.");
  }
  const url = checkHttpBaseUrl(baseUrl);
  const basePath = checkBasePath(url.path, "baseUrl's path");
  const config = readMockOptions(mockOptions);
  const { handle, inProcess } = fetchHandlerFor({ ...config, basePath });
  const route = claimedRoute(url.origin, basePath, answerUnknownPaths ? "prefix" : "plants");
  return {
    handlers: [
      http.all(route, async ({ request }) => {
        try {
          return await handle(request);
        } catch (error) {
          // A dropped connection (breakNext): MSW's network error, so the app's fetch rejects
          // with a TypeError. A hang the app aborted: its fetch has rejected already. MSW would
          // turn any other throw into a 500 answer.
          if (error instanceof DroppedConnectionError || request.signal.aborted) {
            return HttpResponse.error();
          }
          throw error;
        }
      }),
      baseUrlMismatchHandler(url.origin, basePath, config.corsOrigin),
    ],
    ...inProcess,
  };
}
