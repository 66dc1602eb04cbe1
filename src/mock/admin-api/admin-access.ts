import type { CoreRequest } from "../../contract/core-exchange.js";
import { shownName } from "../../contract/option-names.js";
import { checkToken, createBearerAuth } from "../http/bearer-auth.js";

/** `true`: the admin endpoints, open. `{ token }`: they require `Authorization: Bearer <token>`. */
export type PlantStoreAdminOption = boolean | { token?: string | undefined };

const OPTION_MESSAGE = 'admin must be true, false or { token: "<admin token>" }.';

/** The `admin` option as checked: the admin token, `undefined` when the endpoints are open. */
export interface CheckedAdminOption {
  token: string | undefined;
}

/** The checked `admin` option: `undefined` when the admin endpoints are off. */
export function checkAdminOption(value: unknown): CheckedAdminOption | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { token: undefined };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(OPTION_MESSAGE);
  }
  for (const name of Object.keys(value)) {
    if (name !== "token") {
      throw new TypeError(`Unknown admin option ${shownName(name)}; ${OPTION_MESSAGE}`);
    }
  }
  const token = (value as { token?: unknown }).token;
  if (token === undefined) return { token: undefined };
  // Only the rule is printed, never the value: it may be a real secret.
  checkToken(token, "admin.token");
  return { token };
}

export const ADMIN_WWW_AUTHENTICATE = 'Bearer realm="plant-store-admin"';

const NOT_ADMIN = "The bearer token in the Authorization header is not the admin token.";

/** Checks a request's Authorization header against the admin token. */
export function createAdminAuth(
  token: string,
): (header: string | null) => { ok: true } | { ok: false; message: string } {
  // The API's bearer parsing gives the same messages for a missing header, another scheme
  // or an empty token, and compares in constant time.
  const check = createBearerAuth([token]);
  return (header) => {
    const result = check(header);
    if (result.ok) return { ok: true };
    return { ok: false, message: result.invalidToken ? NOT_ADMIN : result.message };
  };
}

/** The Sec-Fetch-Site values of a request the server's own page or a user sent. */
const OWN_SITE = new Set(["same-origin", "none"]);

const REFUSALS = {
  host: "The request's Host is not this machine: admin endpoints without an admin token answer only localhost, 127.0.0.1 or [::1].",
  secFetchSite:
    "The Sec-Fetch-Site header shows a request from another site or origin: admin endpoints without an admin token answer only their own origin and tools such as curl.",
  origin:
    "The Origin header names another origin: admin endpoints without an admin token answer only their own origin and tools such as curl.",
};

/** Why an admin API without a token refuses `request` (a 403), or undefined when it may answer. */
export function openAdminRefusal(request: CoreRequest): string | undefined {
  if (!isLoopbackAuthority(request.host)) return REFUSALS.host;
  const site = request.header("sec-fetch-site");
  if (site !== null && !OWN_SITE.has(site.trim().toLowerCase())) return REFUSALS.secFetchSite;
  const origin = request.header("origin");
  if (origin !== null && !isOwnOrigin(origin, request.host)) return REFUSALS.origin;
  return undefined;
}

/** The scheme is not compared: behind a TLS proxy the server cannot know its own. */
function isOwnOrigin(origin: string, host: string | null): boolean {
  const separator = origin.indexOf("://");
  if (separator === -1 || host === null) return false; // "null": sandboxed, file:, a redirect
  return origin.slice(separator + 3).toLowerCase() === host.toLowerCase();
}

// Dotted-quad IPv4 in 127.0.0.0/8; every octet 0-255.
const LOOPBACK_V4 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
// ::ffff:127.x.y.z, as a URL parser writes it (::ffff:7f00:1).
const MAPPED_V4_HEX = /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/;

/**
 * `localhost`, `*.localhost` (a trailing dot allowed), 127.0.0.0/8 and ::1 (also
 * IPv4-mapped), bracketed or not. A bare host: no port.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  const name = lower.endsWith(".") ? lower.slice(0, -1) : lower;
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (lower === "::1" || lower === "0:0:0:0:0:0:0:1" || MAPPED_V4_HEX.test(lower)) return true;
  const v4 = lower.startsWith("::ffff:") ? lower.slice(7) : lower;
  return LOOPBACK_V4.test(v4);
}

/**
 * A Host header value or a URL's host (`localhost:4010`, `[::1]:4010`) that names this
 * machine. `null`, a request without any Host (HTTP/1.0), can only have come from a local tool.
 */
export function isLoopbackAuthority(authority: string | null): boolean {
  if (authority === null) return true;
  const closing = authority.startsWith("[") ? authority.indexOf("]") + 1 : 0;
  const colon = authority.indexOf(":", closing);
  return isLoopbackHost(colon === -1 ? authority : authority.slice(0, colon));
}
