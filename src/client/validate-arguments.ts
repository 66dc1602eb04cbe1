import { check } from "./check.js";
import type { NewPlant } from "./types.js";

// Arguments that can never succeed are refused before anything is sent, naming the field: a
// programming error, not a failed call. (A wrong `id` or `tag` type is left to the compiler
// and the server's 400, to keep the browser bundle small.)

/** Checks the params of listPlants and returns the `limit` it checked (read once, so it stays checked). */
export function checkedListLimit(params: { limit?: number } | undefined): number | undefined {
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
  // `x | 0` is x only for an int32 (never for NaN, a fraction or 2^31 and up).
  if (limit !== undefined) {
    check(
      "limit",
      limit,
      "number",
      limit === (limit | 0) && limit >= 0,
      "an integer from 0 to 2147483647",
    );
  }
  return limit;
}

export function assertNewPlant(plant: NewPlant): void {
  check("name", plant?.name, "string", plant?.name, "a non-empty string");
}

export function assertCallOptions(signal: unknown, retry: unknown): void {
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError("signal must be an AbortSignal");
  }
  check("retry", retry, "boolean", 1, "true or false");
}
