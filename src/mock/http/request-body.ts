// A request's body by the contract's rules, the same for a create and the admin endpoints: a
// JSON Content-Type (415), what a body that could not be read as text is answered (413, 400),
// and a create's fields (400, plant-fields.ts). Each is checked in a fixed order, so a request
// with several faults always gets the same answer.

import type { BodyResult, CoreRequest } from "../../contract/core-exchange.js";
import { checkNewPlant, type NewPlantResult } from "../../contract/plant-fields.js";
import { SERVER_FAILURE_MESSAGE } from "./json-answers.js";

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
    case "client-gone":
      // Nobody reads this answer (the API gives none); the admin endpoints send it anyway.
      return [400, "The client closed the connection before the request body ended."];
  }
}

/** A create body's text, parsed and checked by the contract's rules (plant-fields.ts). */
export function parseNewPlant(text: string): NewPlantResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: "The request body is not valid JSON." };
  }
  return checkNewPlant(body);
}

/**
 * A create's body as read on arrival: its text, why the contract refuses it (415, 413, 400, or
 * 500 when the read failed for a reason of the server's own), or no client left to answer.
 */
export type CreateBody =
  | { kind: "text"; text: string }
  | { kind: "refused"; status: number; message: string }
  | { kind: "client-gone" };

/** A body that arrived: someone is there to be answered. */
export type ArrivedBody = Exclude<CreateBody, { kind: "client-gone" }>;

const CONTENT_ENCODING_MESSAGE =
  "The Content-Encoding header is not supported; send the body uncompressed (identity).";

/**
 * Reads a create's body when the request arrives; not at all when its Content-Type already
 * refuses it (a client that sent `Expect: 100-continue` is then never asked for it). Never
 * rejects.
 */
export async function readCreateBody(request: CoreRequest, maxBytes: number): Promise<CreateBody> {
  if (!isJsonContentType(request.header("content-type"))) {
    return { kind: "refused", status: 415, message: CONTENT_TYPE_MESSAGE };
  }
  // A compressed body would be read as text and fail as "not UTF-8" or, worse, parse.
  const encoding = request.header("content-encoding");
  if (encoding !== null && encoding.trim().toLowerCase() !== "identity") {
    return { kind: "refused", status: 415, message: CONTENT_ENCODING_MESSAGE };
  }
  const body = await request.readBody(maxBytes).catch(() => undefined);
  if (body === undefined) return { kind: "refused", status: 500, message: SERVER_FAILURE_MESSAGE };
  if (body.ok) return { kind: "text", text: body.text };
  if (body.reason === "client-gone") return { kind: "client-gone" };
  const [status, message] = bodyFailureStatus(body.reason, maxBytes);
  return { kind: "refused", status, message };
}
