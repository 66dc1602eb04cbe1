import { brand } from "../../contract/brand.js";
import type { PlantStoreErrorBody } from "../types.js";
import { PlantStoreError } from "./PlantStoreError.js";

/** The server answered with a status outside 2xx. */
export class PlantStoreApiError extends PlantStoreError {
  /** The HTTP status, such as 404. */
  declare readonly status: number;
  /** The body's `error` (the contract makes it equal `status`), when the body is the contract's Error body. */
  declare readonly code: number | undefined;
  /** The response headers, for example `Retry-After` or `WWW-Authenticate`. */
  declare readonly headers: Headers;
  /** The contract's Error body (`{ error, message }`) when the answer carried one, else `undefined`. */
  declare readonly body: PlantStoreErrorBody | undefined;
  /** The response body as text (a JSON body as parsed, written out again); `""` when empty. */
  declare readonly text: string;

  /** `body` is the response body: parsed JSON when it is JSON, else its text. */
  constructor(method: string, url: string, response: Response, body: unknown) {
    const { status, statusText, headers } = response;
    const errorBody = isErrorBody(body) ? body : undefined;
    const { message } = Object(body) as { message?: unknown };
    // The server's sentence when it sent one; else the status text (a proxy's HTML page is no
    // message for a human); else, as over HTTP/2, the status alone.
    const reason = (typeof message === "string" && message) || statusText;
    super(`${method} ${url} failed with status ${status}${reason && `: ${reason}`}`);
    Object.assign(this, {
      status,
      code: errorBody?.error,
      headers,
      body: errorBody,
      text: typeof body === "string" ? body : (JSON.stringify(body) ?? ""),
    });
  }
}
brand(PlantStoreApiError, "PlantStoreApiError");

/** The contract's Error body: `{ error: number, message: string }` (the admin API's too). */
export const isErrorBody = (body: unknown): body is PlantStoreErrorBody =>
  typeof (body as PlantStoreErrorBody | null)?.error === "number" &&
  typeof (body as PlantStoreErrorBody).message === "string";
