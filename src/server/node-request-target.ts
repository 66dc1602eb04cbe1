// The path and query of a request target, resolved as a fetch Request would resolve them
// (dot segments, percent-encoded dots), so the Node path and the fetch path route alike.

export type TargetResult =
  | { ok: true; path: string; search: string }
  | { ok: false; reason: "target" | "host" };

// Segments of unreserved and sub-delim characters that do not start with a dot: nothing
// in such a path can change when a URL parser normalises it, so it is used as it is.
const PLAIN_PATH = /^(?:\/(?!\.)[A-Za-z0-9\-._~!$&'()*+,;=:@]*)+$/;
// reg-name, IPv4 or a bracketed IPv6 literal, then an optional port: a Host that is
// anything else (a path, a userinfo, spaces) is refused, as a URL parser would refuse it.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::[0-9]{0,5})?$/;
const BASE = "http://plant-store.invalid";

export function parseRequestTarget(target: string, host: string | undefined): TargetResult {
  if (host === undefined || !HOST.test(host)) return { ok: false, reason: "host" };
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (PLAIN_PATH.test(path) && !target.includes("#")) {
    return { ok: true, path, search: query === -1 ? "" : target.slice(query) };
  }
  // Only origin-form targets name a resource here; "*" and backslashes never do.
  if (!target.startsWith("/") || target.includes("\\")) return { ok: false, reason: "target" };
  try {
    const url = new URL(target, BASE);
    return { ok: true, path: url.pathname, search: url.search };
  } catch {
    return { ok: false, reason: "target" };
  }
}
