// CORS: what Access-Control-Allow-Origin may be set to, and the headers it puts on answers.

import type { CoreAnswer, HeaderRecord } from "../../contract/core-exchange.js";
import type { RequestStep } from "../steps/core-step.js";

// What `Access-Control-Allow-Origin` may be set to. A browser compares it byte for byte
// with the origin it sends (scheme://host[:port], host in lower case, no default port, no
// path), so any other spelling would fail every request; and a CR/LF would break the header.

/** "*" (the default), `null` (CORS off), or an origin exactly as browsers send it. */
export function checkCorsOrigin(value: unknown, name = "corsOrigin"): string | null {
  if (value === undefined) return "*";
  if (value === null || value === "*") return value;
  if (typeof value !== "string") {
    throw new TypeError(`${name} must be "*", an origin such as "https://app.example", or null.`);
  }
  const origin = serialisedOrigin(value);
  if (origin === value) return value;
  const hint = origin === undefined ? "." : `; did you mean "${origin}"?`;
  throw new TypeError(
    `${name} must be "*" or an origin such as "https://app.example" (scheme, host and port, nothing else)${hint}`,
  );
}

const SPECIAL_NON_PAGE_SCHEMES = new Set(["ws:", "wss:", "ftp:", "file:"]);

function serialisedOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.host === "" || url.port === "0") return undefined;
  // ws:, wss: and ftp: are special schemes with an origin, but no page is ever served from
  // one, so no browser sends it in an Origin header.
  if (SPECIAL_NON_PAGE_SCHEMES.has(url.protocol)) return undefined;
  // http(s) has an origin; an app scheme such as capacitor://localhost has none in URL
  // terms, but app web views send it as scheme://host.
  return url.origin === "null" ? `${url.protocol}//${url.host}` : url.origin;
}

// CORS for browser demos: a constant origin, so responses need no `Vary: Origin`.

/** Headers every response carries; empty when CORS is off. */
export function corsResponseHeaders(origin: string | null): HeaderRecord {
  if (origin === null) return {};
  return {
    "access-control-allow-origin": origin,
    // Lets browser code read the headers our failures carry.
    "access-control-expose-headers": "WWW-Authenticate, Allow, Retry-After",
  };
}

/** The core's step for preflights: any OPTIONS request while CORS is on. */
export function preflightStep(origin: string): RequestStep {
  const answer = preflightAnswer(origin);
  return { takes: (request) => request.method === "OPTIONS", answer: () => answer };
}

/** The answer to any preflight (OPTIONS) request while CORS is on. */
export function preflightAnswer(origin: string): CoreAnswer {
  return {
    status: 204,
    headers: {
      "access-control-allow-origin": origin,
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "Authorization, Content-Type, Prefer",
      "access-control-max-age": "600",
    },
    body: "",
  };
}
