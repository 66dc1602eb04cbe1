// Every answer of the core is JSON (or empty); these build the shapes it sends.
import type { CoreAnswer, HeaderRecord } from "./core-types.js";
import type { PlantStoreErrorBody } from "./types.js";

export function jsonAnswer(status: number, body: string, headers: HeaderRecord): CoreAnswer {
  return { status, headers, body };
}

/** The contract's failure: `error` repeats the status, `message` is one sentence. */
export function errorAnswer(
  status: number,
  message: string,
  headers: HeaderRecord,
  extraHeaders?: HeaderRecord,
): CoreAnswer {
  const body: PlantStoreErrorBody = { error: status, message };
  const allHeaders = extraHeaders === undefined ? headers : { ...headers, ...extraHeaders };
  return { status, headers: allHeaders, body: JSON.stringify(body) };
}
