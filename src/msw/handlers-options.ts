// The options of the MSW handler set, checked where they enter: `baseUrl` and
// `answerUnknownPaths` here, the rest by the same rules as the fetch handler's.
import { parseHttpBaseUrl } from "../contract/base-url.js";
import { checkOptionNames } from "../contract/option-names.js";
import { checkBasePath } from "../mock/base-path.js";
import type { PlantStoreHandlerOptions } from "../mock/types.js";
import type { PlantStoreHandlersOptions } from "./types.js";

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
} satisfies Record<keyof PlantStoreHandlersOptions, true>;

const BASE_URL_RULE =
  'baseUrl must be an absolute http(s) URL such as "https://api.example.com/v1", without credentials, query or fragment.';

export interface CheckedHandlersOptions {
  /** What MSW matches: "https://api.example.com". */
  origin: string;
  /** The path prefix the core serves: "" or "/v1". */
  basePath: string;
  answerUnknownPaths: boolean;
  /** For `createPlantStoreFetchHandler`, which checks them by its own rules. */
  handlerOptions: PlantStoreHandlerOptions;
}

export function checkHandlersOptions(options: unknown): CheckedHandlersOptions {
  checkOptionNames(options, MSW_OPTIONS);
  const { baseUrl, answerUnknownPaths, ...rest } = options as Partial<PlantStoreHandlersOptions>;
  if (answerUnknownPaths !== undefined && typeof answerUnknownPaths !== "boolean") {
    throw new TypeError("answerUnknownPaths must be true or false.");
  }
  const url = parseHttpBaseUrl(baseUrl);
  if (url === undefined) throw new TypeError(BASE_URL_RULE);
  const basePath = checkBasePath(url.path, "baseUrl's path");
  return {
    origin: url.origin,
    basePath,
    answerUnknownPaths: answerUnknownPaths ?? false,
    handlerOptions: { ...rest, basePath },
  };
}
