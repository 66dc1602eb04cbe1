// A request's body as the core reads it: which Content-Type counts as JSON, reading a web
// Request's body with a byte cap, and what a body that could not be read is answered (the
// same for a create and for the admin endpoints).
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
  }
}

// Reads a web Request's body as UTF-8 text with a byte cap. The cap is checked against
// Content-Length before reading and against the bytes actually received while reading,
// so an oversized (or lying) body is refused without ever being held in memory whole.

const TOO_LARGE: BodyResult = { ok: false, reason: "too-large" };
const INVALID_UTF8: BodyResult = { ok: false, reason: "invalid-utf8" };
const ALREADY_READ: BodyResult = { ok: false, reason: "already-read" };

export async function readBodyText(request: Request, maxBytes: number): Promise<BodyResult> {
  // MSW hands every handler the same Request, so one of the app's that read it and fell
  // through leaves nothing to read here; MSW offers later handlers no unread copy.
  if (request.bodyUsed) return ALREADY_READ;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return TOO_LARGE;
  if (request.body === null) return { ok: true, text: "" };

  // fatal: invalid UTF-8 is an error, never silently replaced with U+FFFD.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const reader = request.body.getReader();
  let received = 0;
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        // Not awaited: a peer that stops sending must not hold the answer back.
        reader.cancel().catch(() => {});
        return TOO_LARGE;
      }
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) return INVALID_UTF8;
    throw error;
  }
  return { ok: true, text };
}
