// Everything the SDK refuses before it sends anything: options where the client is made,
// arguments where a call is made. A mistake surfaces where it was written, as a TypeError or
// RangeError naming the option or field, never as a failed call.
import { checkHttpBaseUrl } from "../contract/base-url.js";
import { BEARER_TOKEN } from "../contract/bearer-token.js";
import { isListLimit, LIMIT_RULE } from "../contract/list-limit.js";
import { between, checkNumber } from "../contract/number-check.js";
import { isPlantName, PLANT_NAME_RULE } from "../contract/plant-fields.js";
import { MAX_TIMER_MS } from "../contract/timer-limit.js";
import type { NewPlant, PlantStoreCallOptions, PlantStoreClientOptions } from "./types.js";

/**
 * Refuses a value that can never work unless it has type `type` and `allowed` holds, with a
 * TypeError naming it (as the platform does: `new URL()` and `new Headers()` throw TypeErrors
 * for malformed strings); numbers go through the package's one number check (a RangeError
 * for a number outside its rule). The message never shows the value, which may be a secret.
 */
export function check(
  name: string,
  value: unknown,
  type: "string" | "boolean" | "object" | "function",
  allowed: unknown,
  rule: string,
): void {
  if (typeof value !== type || !allowed) throw new TypeError(`${name} must be ${rule}`);
}

/** Refuses a token that is not a bearer token (never showing it); the Authorization value. */
export function bearer(token: unknown): string {
  check(
    "token",
    token,
    "string",
    BEARER_TOKEN.test(token as string),
    "a bearer token (RFC 6750) or a function returning one",
  );
  return `Bearer ${token}`;
}

/** Checks every option of createPlantStoreClient; returns them with their defaults. */
export function readClientOptions(options: PlantStoreClientOptions) {
  const {
    baseUrl,
    token,
    fetch,
    headers,
    timeout = 30_000,
    retries = 2,
  } = Object(options) as PlantStoreClientOptions;
  const url = checkHttpBaseUrl(baseUrl);
  if (typeof token !== "function") bearer(token);
  if (fetch !== undefined) check("fetch", fetch, "function", 1, "a function");
  let headerRecord: Record<string, string> = {};
  try {
    // Lower-case names, whichever form (object, Headers, pairs) they came in.
    headerRecord = Object.fromEntries(new Headers(headers));
  } catch {
    check("headers", headers, "object", 0, "an object of valid header names and values");
  }
  checkNumber(
    timeout,
    (ms) => ms > 0 && (ms <= MAX_TIMER_MS || ms === Infinity),
    `timeout must be a number of ms above 0 and at most ${MAX_TIMER_MS}, or Infinity`,
  );
  const isObject = typeof retries === "object" && retries;
  const {
    limit = 2,
    createPlant = false,
    maxDelay = 30_000,
  } = isObject ? retries : { limit: retries };
  checkNumber(
    limit,
    between(0, Number.POSITIVE_INFINITY, true),
    `${isObject ? "retries.limit" : "retries"} must be a whole number, 0 or more`,
  );
  check("retries.createPlant", createPlant, "boolean", 1, "true or false");
  checkNumber(maxDelay, (ms) => ms >= 0, "retries.maxDelay must be a number of ms, 0 or more");
  return {
    baseUrl: url.base,
    token,
    fetch,
    headers: headerRecord,
    timeout,
    limit,
    createPlant,
    maxDelay,
  };
}

// A wrong `id` or `tag` type is left to the compiler and the server's 400, to keep the
// browser bundle small.

/** Checks the params of listPlants and returns the `limit` it checked (read once, so it stays checked). */
export function checkedListLimit(params: { limit?: number | undefined } | undefined) {
  if (params === undefined) return;
  // Only `limit` exists; anything else would go out as a query parameter the server ignores.
  check(
    "params",
    params,
    "object",
    params && Object.keys(params).every((key) => key === "limit"),
    "an object with limit only",
  );
  const { limit } = params;
  if (limit !== undefined) checkNumber(limit, isListLimit, `limit must be ${LIMIT_RULE}`);
  return limit;
}

export function assertNewPlant(plant: Partial<NewPlant>): void {
  check("name", plant?.name, "string", isPlantName(plant?.name), PLANT_NAME_RULE);
}

/** Checks the per-call options; returns them with the call's default for `retry`. */
export function readCallOptions(
  options: PlantStoreCallOptions | undefined,
  retryByDefault: boolean,
) {
  const { signal, retry = retryByDefault } = Object(options) as PlantStoreCallOptions;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError("signal must be an AbortSignal");
  }
  check("retry", retry, "boolean", 1, "true or false");
  return { signal, retry };
}
