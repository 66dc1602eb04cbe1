// Everything the core reads from a request besides its headers: the body (JSON Content-Type,
// UTF-8 text with a byte cap, what a body that cannot be read is answered), a list's `limit`
// and a create's fields. Each is checked in a fixed order, so a request with several faults
// always gets the same answer.

import { isListLimit, LIMIT_MESSAGE } from "../../contract/list-limit.js";
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

// Reads a web Request's body as UTF-8 text with a byte cap. The cap is checked against
// Content-Length before reading and against the bytes actually received while reading,
// so an oversized (or lying) body is refused without ever being held in memory whole.

const TOO_LARGE: BodyResult = { ok: false, reason: "too-large" };
const INVALID_UTF8: BodyResult = { ok: false, reason: "invalid-utf8" };
const ALREADY_READ: BodyResult = { ok: false, reason: "already-read" };
const CLIENT_GONE: BodyResult = { ok: false, reason: "client-gone" };

export async function readBodyText(request: Request, maxBytes: number): Promise<BodyResult> {
  // MSW hands every handler the same Request, so one of the app's that read it and fell
  // through leaves nothing to read here; MSW offers later handlers no unread copy.
  if (request.bodyUsed) return ALREADY_READ;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return TOO_LARGE;
  if (request.body === null) return { ok: true, text: "" };
  if (request.signal.aborted) return CLIENT_GONE;
  const reader = request.body.getReader();
  // An app that gives up mid-upload may leave its body stream open: the abort ends the read.
  let onAbort = () => {};
  const gone = new Promise<"gone">((resolve) => {
    onAbort = () => resolve("gone");
    request.signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await readChunks(reader, gone, maxBytes);
  } finally {
    request.signal.removeEventListener("abort", onAbort);
  }
}

async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  gone: Promise<"gone">,
  maxBytes: number,
): Promise<BodyResult> {
  // fatal: invalid UTF-8 is an error, never silently replaced with U+FFFD.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let received = 0;
  let text = "";
  for (;;) {
    // A body stream that errors is an upload that broke off: nobody is left to answer.
    const chunk = await Promise.race([reader.read(), gone]).catch(() => "gone" as const);
    if (chunk === "gone") {
      reader.cancel().catch(() => {});
      return CLIENT_GONE;
    }
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > maxBytes) {
      // Not awaited: a peer that stops sending must not hold the answer back.
      reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    try {
      text += decoder.decode(chunk.value, { stream: true });
    } catch {
      return INVALID_UTF8;
    }
  }
  try {
    return { ok: true, text: text + decoder.decode() };
  } catch {
    return INVALID_UTF8;
  }
}

// `limit` accepts only the canonical decimal form of an int32 from 0 up: "0", "10",
// "2147483647". Signs, spaces, leading zeros, exponents, fractions and empty values are
// rejected, so one number has exactly one spelling and nothing is silently rounded.

const LIMIT_REPEATED_MESSAGE = "limit must be given at most once.";

const CANONICAL_INT = /^(?:0|[1-9][0-9]{0,9})$/;

export type LimitResult = { ok: true; limit: number | undefined } | { ok: false; message: string };

const NO_LIMIT: LimitResult = { ok: true, limit: undefined };

/** Reads `limit` from a URL's search string ("" or "?..."); other parameters are ignored. */
export function parseLimitParam(search: string): LimitResult {
  // Fast path for the common request; a percent-encoded name still goes the full way.
  if (search === "" || (!search.includes("limit") && !search.includes("%"))) return NO_LIMIT;
  const values = new URLSearchParams(search).getAll("limit");
  if (values.length === 0) return NO_LIMIT;
  if (values.length > 1) return { ok: false, message: LIMIT_REPEATED_MESSAGE };
  const raw = values[0] as string;
  // The length bound in the pattern keeps a limit of thousands of digits cheap to refuse.
  if (!CANONICAL_INT.test(raw)) return { ok: false, message: LIMIT_MESSAGE };
  const limit = Number(raw);
  if (!isListLimit(limit)) return { ok: false, message: LIMIT_MESSAGE };
  return { ok: true, limit };
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
