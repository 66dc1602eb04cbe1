// The admin API acts for whoever reaches it, so without an admin token it must tell a local
// tool from a web page the developer happens to have open. Two doors stay shut:
// - DNS rebinding: a page whose name resolves to 127.0.0.1 is same-origin with the server,
//   but its Host header is its own name. Without a token only loopback hosts are answered
//   (Vite's dev server does the same); on the fetch adapter the URL's host, so a Worker at
//   https://plants.example.workers.dev cannot serve an open admin either.
// - Cross-site requests: a "simple" request (a no-cors fetch, a form, sendBeacon, an <img>)
//   is sent without a preflight, and a cross-origin redirect carries `Origin: null`.
//   Browsers mark every such request with Origin and/or Sec-Fetch-Site; curl and the admin
//   client send neither. With a token, the token is the proof, wherever the request came from.
import type { CoreRequest } from "../core-types.js";
import { isLoopbackAuthority } from "./loopback-host.js";

/** The Sec-Fetch-Site values of a request the server's own page or a user sent. */
const OWN_SITE = new Set(["same-origin", "none"]);

const MESSAGES = {
  host: "The request's Host is not this machine: admin endpoints without an admin token answer only localhost, 127.0.0.1 or [::1].",
  secFetchSite:
    "The Sec-Fetch-Site header shows a request from another site or origin: admin endpoints without an admin token answer only their own origin and tools such as curl.",
  origin:
    "The Origin header names another origin: admin endpoints without an admin token answer only their own origin and tools such as curl.",
};

/** Why an admin API without a token refuses `request` (a 403), or undefined when it may answer. */
export function openAdminRefusal(request: CoreRequest): string | undefined {
  if (!isLoopbackAuthority(request.host)) return MESSAGES.host;
  const site = request.header("sec-fetch-site");
  if (site !== null && !OWN_SITE.has(site.trim().toLowerCase())) return MESSAGES.secFetchSite;
  const origin = request.header("origin");
  if (origin !== null && !isOwnOrigin(origin, request.host)) return MESSAGES.origin;
  return undefined;
}

/** The scheme is not compared: behind a TLS proxy the server cannot know its own. */
function isOwnOrigin(origin: string, host: string | null): boolean {
  const separator = origin.indexOf("://");
  if (separator === -1 || host === null) return false; // "null": sandboxed, file:, a redirect
  return origin.slice(separator + 3).toLowerCase() === host.toLowerCase();
}
