import type { PlantStoreErrorBody } from "../types.js";
import { PlantStoreError } from "./PlantStoreError.js";

/** The server answered with a status outside 2xx. */
export class PlantStoreApiError extends PlantStoreError {
  override name = "PlantStoreApiError";
  /** The HTTP status, such as 404. */
  declare readonly status: number;
  /** The body's `error` field (the contract makes it equal `status`); `undefined` if absent. */
  declare readonly code: number | undefined;
  /** The response headers, for example `Retry-After` or `WWW-Authenticate`. */
  declare readonly headers: Headers;
  /** The body: parsed JSON when it is JSON (normally `PlantStoreErrorBody`), else its text. */
  declare readonly body: unknown;

  constructor(method: string, url: string, response: Response, body: unknown) {
    const { error: code, message } = Object(body) as Partial<PlantStoreErrorBody>;
    const { status, statusText, headers } = response;
    // A proxy's HTML page is no message for a human: the status text stands in for it.
    super(`${method} ${url} failed with status ${status}: ${message ?? statusText}`);
    Object.assign(this, { status, code, headers, body });
  }
}
