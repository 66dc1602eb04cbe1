// Reads a create body from the socket as UTF-8 text with a byte cap. The cap is checked
// against Content-Length before reading and against the bytes received while reading, so
// an oversized (or lying) body is refused without ever being held in memory whole.
import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { BodyResult } from "../mock/core-types.js";

const TOO_LARGE: BodyResult = { ok: false, reason: "too-large" };
const INVALID_UTF8: BodyResult = { ok: false, reason: "invalid-utf8" };

export function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const declared = request.headers["content-length"];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
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
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    // A client that goes away mid-body (or while its request was held back) ends the read.
    const onClose = () =>
      onError(new Error("The client closed the connection before the body ended."));
    const cleanUp = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      request.off("close", onClose);
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
    request.on("close", onClose);
  });
}

/** Invalid UTF-8 is an error, never silently replaced with U+FFFD; a BOM is dropped, as TextDecoder does. */
function decodeUtf8(bytes: Buffer): BodyResult {
  if (!isUtf8(bytes)) return INVALID_UTF8;
  const text = bytes.toString("utf8");
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}
