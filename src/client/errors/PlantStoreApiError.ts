import type { PlantStoreErrorBody } from "../types.js";
import { brand, PlantStoreError } from "./PlantStoreError.js";

/** The server answered with a status outside 2xx. */
export class PlantStoreApiError extends PlantStoreError {
  /** The HTTP status, such as 404. */
  declare readonly status: number;
  /** The body's `error` field when it is a number (the contract makes it equal `status`), else `undefined`. */
  declare readonly code: number | undefined;
  /** The response headers, for example `Retry-After` or `WWW-Authenticate`. */
  declare readonly headers: Headers;
  /** The body: parsed JSON when it is JSON (normally `PlantStoreErrorBody`), else its text. */
  declare readonly body: unknown;

  constructor(method: string, url: string, response: Response, body: unknown) {
    const { error, message } = Object(body) as Partial<Record<keyof PlantStoreErrorBody, unknown>>;
    const { status, statusText, headers } = response;
    // The server's sentence when it sent one; else the status text (a proxy's HTML page is no
    // message for a human); else, as over HTTP/2, the status alone.
    const reason = (typeof message === "string" && message) || statusText;
    super(`${method} ${url} failed with status ${status}${reason && `: ${reason}`}`);
    Object.assign(this, {
      status,
      code: typeof error === "number" ? error : undefined,
      headers,
      body,
    });
  }
}
brand(PlantStoreApiError, "PlantStoreApiError");
