// Reads a web Request's body as UTF-8 text with a byte cap. The cap is checked against
// Content-Length before reading and against the bytes actually received while reading,
// so an oversized (or lying) body is refused without ever being held in memory whole.

import type { BodyResult } from "./core-types.js";

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
