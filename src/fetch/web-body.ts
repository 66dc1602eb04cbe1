// Reads a web Request's body (the fetch adapter's, so MSW's too) as UTF-8 text with a byte cap,
// as the core asks for it. The cap is checked against Content-Length before reading and against
// the bytes actually received while reading, so an oversized (or lying) body is refused without
// ever being held in memory whole. (The Node adapter's reader: server/node-request.ts.)
import type { BodyResult } from "../contract/core-exchange.js";

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
