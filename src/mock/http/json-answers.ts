// Every answer of the core is JSON (or empty); these build the shapes it sends, plants included.

import type { CoreAnswer, HeaderRecord } from "../../contract/core-exchange.js";
import type { Plant, PlantStoreErrorBody } from "../../contract/plant-types.js";

export function jsonAnswer(status: number, body: string, headers: HeaderRecord): CoreAnswer {
  return { status, headers, body };
}

/** The contract's Error body: `error` repeats the status, `message` is one sentence. */
export function errorBody(status: number, message: string): string {
  const body: PlantStoreErrorBody = { error: status, message };
  return JSON.stringify(body);
}

/**
 * No answer at all: the connection drops. Status 0 is what a fetch `Response.error()` reports
 * and what the journal lists for a request nobody answered.
 */
export function noAnswer(headers: HeaderRecord): CoreAnswer {
  return { status: 0, headers, body: "", broken: { kind: "network-error" } };
}

/** What a request gets when something inside the server failed (a user's store that throws). */
export const SERVER_FAILURE_MESSAGE = "The server failed while handling the request.";

/** The contract's failure, with the Error body. */
export function errorAnswer(
  status: number,
  message: string,
  headers: HeaderRecord,
  extraHeaders?: HeaderRecord,
): CoreAnswer {
  const allHeaders = extraHeaders === undefined ? headers : { ...headers, ...extraHeaders };
  return { status, headers: allHeaders, body: errorBody(status, message) };
}

// Serialising plants is most of a list's own cost. The store hands out frozen plant
// objects that live as long as the plant, so each is stringified once and reused; a
// WeakMap keeps this off the PlantStore interface and lets stored plants be collected.

const serialised = new WeakMap<Plant, string>();

export function plantJson(plant: Plant): string {
  let json = serialised.get(plant);
  if (json === undefined) {
    json = JSON.stringify(plant);
    // Only frozen plants can be cached: a mutable one could change after this call.
    if (Object.isFrozen(plant)) serialised.set(plant, json);
  }
  return json;
}

export function plantsJson(plants: readonly Plant[]): string {
  let json = "[";
  for (let i = 0; i < plants.length; i++) {
    if (i > 0) json += ",";
    json += plantJson(plants[i] as Plant);
  }
  return `${json}]`;
}
