// Every answer of the handler is JSON; these build the two shapes it sends.
import type { PlantStoreErrorBody } from "./types.js";

export type HeaderRecord = Readonly<Record<string, string>>;

export function jsonResponse(status: number, json: string, headers: HeaderRecord): Response {
  return new Response(json, { status, headers });
}

/** The contract's failure: `error` repeats the status, `message` is one sentence. */
export function errorResponse(
  status: number,
  message: string,
  headers: HeaderRecord,
  extraHeaders?: HeaderRecord,
): Response {
  const body: PlantStoreErrorBody = { error: status, message };
  const allHeaders = extraHeaders === undefined ? headers : { ...headers, ...extraHeaders };
  return new Response(JSON.stringify(body), { status, headers: allHeaders });
}
