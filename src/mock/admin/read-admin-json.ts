// Reads an admin request's JSON body with the API's rules and messages: the size limit (413),
// UTF-8 and JSON (400). The JSON Content-Type was checked before (admin-api.ts).
import type { CoreAnswer, CoreRequest } from "../core-types.js";
import { bodyFailureStatus } from "../request-input.js";
import { adminError } from "./admin-answers.js";

export type AdminJson = { ok: true; value: unknown } | { ok: false; answer: CoreAnswer };

export async function readAdminJson(request: CoreRequest, maxBytes: number): Promise<AdminJson> {
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
