// A request's body by the contract's rules, the same for a create and the admin endpoints: a
// JSON Content-Type (415), what a body that could not be read as text is answered (413, 400),
// and a create's fields (400, plant-fields.ts). Each is checked in a fixed order, so a request
// with several faults always gets the same answer.
import { checkNewPlant, type NewPlantResult } from "../../contract/plant-fields.js";
import type { BodyResult } from "./core-types.js";

/** The answer to a body whose Content-Type is not JSON: the API's create and the admin POST/PUT. */
export const CONTENT_TYPE_MESSAGE =
  "The Content-Type header must be application/json or another +json type.";

/** `application/json` or any `type/subtype+json`, parameters such as charset allowed. */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(";");
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (mediaType === "application/json") return true;
  const slash = mediaType.indexOf("/");
  return slash > 0 && mediaType.endsWith("+json") && mediaType.length > slash + "+json".length + 1;
}

// What a request whose body could not be read as text is answered, the same for a create
// and for the admin endpoints.

export type BodyFailure = Extract<BodyResult, { ok: false }>["reason"];

export function bodyFailureStatus(reason: BodyFailure, maxBytes: number): [number, string] {
  switch (reason) {
    case "too-large":
      return [413, `The request body is larger than the ${maxBytes}-byte limit.`];
    case "invalid-utf8":
      return [400, "The request body is not valid UTF-8."];
    case "already-read":
      // Not the caller's fault: something in front of the handler (an MSW handler of the
      // app that reads the body and falls through, say) took the body first.
      return [
        500,
        "The request body had already been read before the Plant Store handler got it; a handler in front of it must read request.clone() instead.",
      ];
    case "client-gone":
      // Nobody reads this answer (the API gives none); the admin endpoints send it anyway.
      return [400, "The client closed the connection before the request body ended."];
  }
}

/** A create body's text, parsed and checked by the contract's rules (plant-fields.ts). */
export function parseNewPlant(text: string): NewPlantResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: "The request body is not valid JSON." };
  }
  return checkNewPlant(body);
}
