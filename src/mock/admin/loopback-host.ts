// Which hosts are this machine: where an admin API without a token may answer. Runtime-neutral
// (no node:net), so the server's start check and the core's per-request check share one rule.

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
