// CORS for browser demos: a constant origin, so responses need no `Vary: Origin`.
import type { CoreAnswer, HeaderRecord } from "./core-types.js";

/** Headers every response carries; empty when CORS is off. */
export function corsResponseHeaders(origin: string | null): HeaderRecord {
  if (origin === null) return {};
  return {
    "access-control-allow-origin": origin,
    // Lets browser code read the headers our failures carry.
    "access-control-expose-headers": "WWW-Authenticate, Allow, Retry-After",
  };
}

/** The answer to any preflight (OPTIONS) request while CORS is on. */
export function preflightAnswer(origin: string): CoreAnswer {
  return {
    status: 204,
    headers: {
      "access-control-allow-origin": origin,
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "Authorization, Content-Type",
      "access-control-max-age": "600",
    },
    body: "",
  };
}
