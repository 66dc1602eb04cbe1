// What the Node adapter reads from an IncomingMessage: its target (path and query, resolved
// as a fetch Request would) and its body (UTF-8 text with a byte cap).

import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { BodyResult } from "../contract/core-exchange.js";

// The path and query of a request target, resolved as a fetch Request would resolve them
// (dot segments, percent-encoded dots), so the Node path and the fetch path route alike.

export type TargetResult =
  /** `host`: the authority of an absolute-form target, which stands in for the Host header. */
  | { ok: true; path: string; search: string; host?: string }
  | { ok: false; reason: "target" | "host" };

// Segments of unreserved and sub-delim characters that do not start with a dot: nothing
// in such a path can change when a URL parser normalises it, so it is used as it is.
const PLAIN_PATH = /^(?:\/(?!\.)[A-Za-z0-9\-._~!$&'()*+,;=:@]*)+$/;
// reg-name, IPv4 or a bracketed IPv6 literal, then an optional port: a Host that is
// anything else (a path, a userinfo, spaces) is refused, as a URL parser would refuse it.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::[0-9]{0,5})?$/;
const BASE = "http://plant-store.invalid";
const ABSOLUTE_FORM = /^https?:\/\//i;

export function parseRequestTarget(request: IncomingMessage): TargetResult {
  if (!hasUsableHost(request)) return { ok: false, reason: "host" };
  const target = request.url ?? "";
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (PLAIN_PATH.test(path) && !target.includes("#")) {
    return { ok: true, path, search: query === -1 ? "" : target.slice(query) };
  }
  // "OPTIONS *" asks about the server as a whole: the core answers any OPTIONS (preflight).
  if (target === "*" && request.method === "OPTIONS") return { ok: true, path: "*", search: "" };
  // RFC 9112 3.2.2: a server must accept the absolute form ("GET http://host/plants").
  const absolute = ABSOLUTE_FORM.test(target);
  // Otherwise only origin-form targets name a resource here; "*" and backslashes never do.
  if ((!absolute && !target.startsWith("/")) || target.includes("\\")) {
    return { ok: false, reason: "target" };
  }
  try {
    if (!absolute) {
      const url = new URL(target, BASE);
      return { ok: true, path: url.pathname, search: url.search };
    }
    // RFC 9112 3.2.2: with the absolute form, the target's authority is the host, not Host.
    const url = new URL(target);
    return { ok: true, path: url.pathname, search: url.search, host: url.host };
  } catch {
    return { ok: false, reason: "target" };
  }
}

/**
 * HTTP/1.1 requires exactly one valid Host (RFC 9112 3.2); HTTP/1.0 may leave it out. The
 * server joins repeated Host lines with ", " (NODE_SERVER_OPTIONS): no host has a space.
 */
function hasUsableHost(request: IncomingMessage): boolean {
  const host = request.headers.host;
  if (host === undefined) return request.httpVersion === "1.0";
  return HOST.test(host);
}

// Reads a create body from the socket as UTF-8 text with a byte cap. The cap is checked
// against Content-Length before reading and against the bytes received while reading, so
// an oversized (or lying) body is refused without ever being held in memory whole.

const TOO_LARGE: BodyResult = { ok: false, reason: "too-large" };
const INVALID_UTF8: BodyResult = { ok: false, reason: "invalid-utf8" };
const CLIENT_GONE: BodyResult = { ok: false, reason: "client-gone" };

export function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const declared = request.headers["content-length"];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.resolve(TOO_LARGE);
  // Its 'close' has been and gone: waiting for it would never end.
  if (request.destroyed) return Promise.resolve(CLIENT_GONE);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        cleanUp();
        // The rest is not wanted: the answer goes out now and the connection closes after it.
        request.pause();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
      resolve(decodeUtf8(bytes));
    };
    // A client that goes away mid-body ends the read ("aborted", then close): nobody is left
    // to answer.
    const onGone = () => {
      cleanUp();
      resolve(CLIENT_GONE);
    };
    const cleanUp = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onGone);
      request.off("close", onGone);
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onGone);
    request.on("close", onGone);
  });
}

/** Invalid UTF-8 is an error, never silently replaced with U+FFFD; a BOM is dropped, as TextDecoder does. */
function decodeUtf8(bytes: Buffer): BodyResult {
  if (!isUtf8(bytes)) return INVALID_UTF8;
  const text = bytes.toString("utf8");
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}
