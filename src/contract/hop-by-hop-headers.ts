// Headers that describe one connection, not the message it carries (RFC 9110 7.6.1): each
// hop frames its own. A proxy passes none of them on, nor any header a message's `Connection`
// names; a scripted answer may set none of them (the server frames every connection itself).

/** The fixed list, lower-case; `trailer` too, as trailers are never passed on. */
export const HOP_BY_HOP_HEADERS: readonly string[] = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
];

/** The fixed list and every header `connection` (a `Connection` value such as "close, x-hop") names. */
export function hopByHopOf(connection: string | undefined): Set<string> {
  const named = (connection ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
  return new Set([...HOP_BY_HOP_HEADERS, ...named]);
}
