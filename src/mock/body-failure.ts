// What a request whose body could not be read as text is answered, the same for a create
// and for the admin endpoints.
import type { BodyResult } from "./core-types.js";

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
  }
}
