import { brand } from "../../contract/brand.js";
import { PlantStoreError } from "./PlantStoreError.js";

/**
 * No response: the server could not be reached or the connection broke. The message ends
 * with the innermost reason the fetch gave (`connect ECONNREFUSED ...`, `getaddrinfo
 * ENOTFOUND ...`, a certificate error, MSW's unhandled request); `cause` is the fetch's error.
 */
export class PlantStoreConnectionError extends PlantStoreError {}
brand(PlantStoreConnectionError, "PlantStoreConnectionError");

/**
 * The error of a call (the SDK's or the admin client's) that got no answer, or whose answer
 * broke off: the method, the URL, what happened and the fetch's reason, in one message.
 */
export function connectionFailure(
  method: string,
  url: string,
  what: "no response" | "the answer broke off",
  error: unknown,
): PlantStoreConnectionError {
  const reason = innermostReason(error);
  return new PlantStoreConnectionError(`${method} ${url}: ${what}${reason && `: ${reason}`}`, {
    cause: error,
  });
}

/**
 * The reason a person can act on, from a fetch's error: fetches wrap it (Node's
 * `TypeError: fetch failed` holds the socket's error as `cause`), so the innermost message
 * is the one that says what went wrong, with its code when the message does not show it.
 */
function innermostReason(error: unknown): string {
  let reason = "";
  for (let link = error, depth = 0; link instanceof Object && depth < 8; depth++) {
    const { message, code, cause } = link as { message?: unknown; code?: unknown; cause?: unknown };
    if (typeof message === "string" && message) {
      reason =
        typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
    } else if (typeof code === "string") {
      reason = code;
    }
    link = cause;
  }
  return reason;
}
