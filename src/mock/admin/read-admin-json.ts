// Reads an admin request's JSON body with the API's rules: a JSON content type (415), the
// size limit (413), UTF-8 and JSON (400).
import { bodyFailureStatus } from "../body-failure.js";
import type { CoreAnswer, CoreRequest } from "../core-types.js";
import { isJsonContentType } from "../json-content-type.js";
import { adminError } from "./admin-answers.js";

export type AdminJson = { ok: true; value: unknown } | { ok: false; answer: CoreAnswer };

export async function readAdminJson(request: CoreRequest, maxBytes: number): Promise<AdminJson> {
  if (!isJsonContentType(request.header("content-type"))) {
    const message = "The Content-Type header must be application/json or another +json type.";
    return { ok: false, answer: adminError(415, message) };
  }
  const body = await request.readBody(maxBytes);
  if (!body.ok) {
    const [status, message] = bodyFailureStatus(body.reason, maxBytes);
    return { ok: false, answer: adminError(status, message) };
  }
  try {
    return { ok: true, value: JSON.parse(body.text) };
  } catch {
    return { ok: false, answer: adminError(400, "The request body is not valid JSON.") };
  }
}
