import { bearer } from "./bearer-token.js";
import { check } from "./check.js";
import type { PlantStoreClientOptions } from "./client.js";

/**
 * Checks every option of createPlantStoreClient, so a mistake surfaces where it was written,
 * as a TypeError or RangeError naming the option, never as a failure of each call. Returns the
 * options with their defaults, and the headers as a plain object.
 */
export function readClientOptions(options: PlantStoreClientOptions) {
  const {
    baseUrl,
    token,
    fetch,
    headers,
    timeout = 30_000,
    retries = 2,
  } = Object(options) as PlantStoreClientOptions;
  // Paths are appended to baseUrl as text, so a query or fragment would swallow them; fetch
  // refuses credentials in a URL.
  check(
    "baseUrl",
    baseUrl,
    "string",
    URL.canParse(baseUrl) && /^https?:\/\/[^/?#@]+(\/[^?#]*)?$/i.test(baseUrl),
    "an absolute http(s) URL without query, fragment or credentials",
  );
  if (typeof token !== "function") bearer(token);
  if (fetch !== undefined) check("fetch", fetch, "function", 1, "a function");
  let headerRecord: Record<string, string> = {};
  try {
    headerRecord = Object.fromEntries(new Headers(headers));
  } catch {
    check("headers", headers, "object", 0, "an object of valid header names and values");
  }
  // setTimeout holds 2^31 - 1 ms at most; a longer time would fire at once.
  check(
    "timeout",
    timeout,
    "number",
    timeout > 0 && (timeout <= 2 ** 31 - 1 || timeout === Infinity),
    "a number of ms above 0 and at most 2147483647, or Infinity",
  );
  const isObject = typeof retries === "object" && retries;
  const {
    limit = 2,
    createPlant = false,
    maxDelay = 30_000,
  } = isObject ? retries : { limit: retries };
  check(
    isObject ? "retries.limit" : "retries",
    limit,
    "number",
    Number.isInteger(limit) && limit >= 0,
    "a whole number, 0 or more",
  );
  check("retries.createPlant", createPlant, "boolean", 1, "true or false");
  check("retries.maxDelay", maxDelay, "number", maxDelay >= 0, "a number of ms, 0 or more");
  return { baseUrl, token, fetch, headers: headerRecord, timeout, limit, createPlant, maxDelay };
}
