// The admin client's options, checked once at creation so a mistake shows where it is made.
// The token rule is the server's own (a tiny module with no imports).
import { BEARER_TOKEN_RULE, isBearerToken } from "../contract/bearer-token.js";

/** Options of {@link createPlantStoreAdmin}. */
export interface PlantStoreAdminOptions {
  /**
   * The server's URL, such as "http://127.0.0.1:4010" (`server.url` and the CLI's first line
   * fit). The admin endpoints live at its root, so a path in it (a base path) is ignored.
   */
  baseUrl: string;
  /** The admin token, when the server has one (`--admin-token`, `admin: { token }`). */
  token?: string | undefined;
  /** The fetch to use; default the global fetch, looked up at each call (so MSW or a spy still sees it). */
  fetch?: typeof fetch | undefined;
}

export interface CheckedAdminOptions {
  origin: string;
  token: string | undefined;
  fetch: typeof fetch | undefined;
}

const NAMES = new Set(["baseUrl", "token", "fetch"]);

export function checkAdminOptions(options: unknown): CheckedAdminOptions {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError('options must be an object such as { baseUrl: "http://127.0.0.1:4010" }.');
  }
  for (const name of Object.keys(options)) {
    if (!NAMES.has(name)) {
      throw new TypeError(`Unknown option "${name}"; the options are baseUrl, token, fetch.`);
    }
  }
  const { baseUrl, token, fetch } = options as Record<string, unknown>;
  return { origin: checkBaseUrl(baseUrl), token: checkToken(token), fetch: checkFetch(fetch) };
}

function checkBaseUrl(value: unknown): string {
  const message = 'baseUrl must be an absolute http(s) URL such as "http://127.0.0.1:4010".';
  if (typeof value !== "string") throw new TypeError(message);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(message);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(message);
  return url.origin;
}

function checkToken(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  // Only the rule is printed, never the value: it may be a real secret.
  if (!isBearerToken(value)) throw new TypeError(`token must be ${BEARER_TOKEN_RULE}.`);
  return value;
}

function checkFetch(value: unknown): typeof fetch | undefined {
  if (value === undefined || typeof value === "function") return value as typeof fetch | undefined;
  throw new TypeError("fetch must be a function with the signature of the global fetch.");
}
