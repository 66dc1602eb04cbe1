// The MSW handler set: the requests it claims go to the same fetch handler the standalone
// server uses. The only folder of the package that imports msw.
import { http } from "msw";
import { parseHttpBaseUrl } from "../contract/base-url.js";
import { checkOptionNames } from "../contract/option-names.js";
import { fetchHandlerFor } from "../mock/fetch-handler.js";
import { checkBasePath, readMockOptions } from "../mock/mock-options.js";
import type { PlantStoreHandlers, PlantStoreMswOptions } from "./types.js";

// `satisfies` keeps this list complete: a new option does not compile until it is listed.
const MSW_OPTIONS = {
  baseUrl: true,
  answerUnknownPaths: true,
  store: true,
  seed: true,
  tokens: true,
  createStatus: true,
  maxBodyBytes: true,
  corsOrigin: true,
} satisfies Record<keyof PlantStoreMswOptions, true>;

const BASE_URL_RULE =
  'baseUrl must be an absolute http(s) URL such as "https://api.example.com/v1", without credentials, query or fragment.';

/**
 * The reference server as MSW handlers for `setupServer` or `setupWorker`. They claim
 * `{baseUrl}/plants` only (every path with `answerUnknownPaths: true`); everything else is
 * left to your other handlers and `onUnhandledRequest`.
 */
export function createPlantStoreHandlers(options: PlantStoreMswOptions): PlantStoreHandlers {
  checkOptionNames(options, MSW_OPTIONS);
  const { baseUrl, answerUnknownPaths = false, ...mockOptions } = options;
  if (typeof answerUnknownPaths !== "boolean") {
    throw new TypeError("answerUnknownPaths must be true or false.");
  }
  const url = parseHttpBaseUrl(baseUrl);
  if (url === undefined) throw new TypeError(BASE_URL_RULE);
  const basePath = checkBasePath(url.path, "baseUrl's path");
  const handle = fetchHandlerFor({ ...readMockOptions(mockOptions), basePath });
  const route = claimedRoute(url.origin, basePath, answerUnknownPaths ? "prefix" : "plants");
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

/**
 * What the handler set claims, as a RegExp rather than an MSW path string: MSW matches a
 * string path with path-to-regexp, which reads ":", "(", "*" or "+" in a prefix as syntax
 * and lets "/plants/" match "/plants". A RegExp is matched against the request's origin and
 * path (never the query), exactly as written here. `"plants"`: exactly
 * `{origin}{prefix}/plants`. `"prefix"`: the prefix itself and every path below it (with no
 * prefix, every path on the origin).
 */
function claimedRoute(origin: string, prefix: string, scope: "plants" | "prefix"): RegExp {
  const base = escapeRegExp(`${origin}${prefix}`);
  return scope === "plants" ? new RegExp(`^${base}/plants$`) : new RegExp(`^${base}(?:/.*)?$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
