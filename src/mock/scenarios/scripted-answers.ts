// Answers a test scripts instead of the contract's rules, held to what openapi.yaml declares:
// `respondNext` (a status the operation declares, with a body valid for it, checked when set
// by the validators generated from the spec) and a request's `Prefer: code=N` (Prism's
// convention: the Error body with status N, when the operation may answer N).

import type { ScriptedBy } from "../../contract/journal-entries.js";
import { checkNumber } from "../../contract/number-check.js";
import { bodyPath, responseFor } from "../../contract/response-schema.js";
import { errorBody } from "../http/answers.js";
import type { HeaderRecord } from "../http/core-types.js";
import type { PlantStoreOperation } from "../types.js";
import { checkFailureHeaders } from "./scripted-headers.js";

/** An answer waiting in an operation's queue, body already serialised. */
export interface ScriptedAnswer {
  by: ScriptedBy;
  status: number;
  body: string;
  /** By lower-case name, so they replace the answer's own headers of the same name. */
  headers: HeaderRecord;
}

/** The Error body `failNext`, Prefer and chaos answer with; by default its message says who made it. */
export function errorPending(
  by: ScriptedBy,
  operation: PlantStoreOperation,
  status: number,
  message = `${operation} failed with status ${status} (simulated by ${by}).`,
  headers: HeaderRecord = {},
): ScriptedAnswer {
  return { by, status, body: errorBody(status, message), headers };
}

/**
 * The response openapi.yaml lets `operation` answer `status` with (its own key, a range or
 * `default`), or `undefined` when it allows none.
 */
function allowedResponse(operation: PlantStoreOperation, status: number) {
  if (!(Number.isInteger(status) && status >= 100 && status <= 599)) return undefined;
  const response = responseFor(operation, status);
  // `default` stands for the failures the spec does not list, never for an unlisted success.
  return response?.key !== "default" || status >= 400 ? response : undefined;
}

/** The statuses `operation` may answer, for messages: "200, or 400 to 599". */
function allowedStatuses(operation: PlantStoreOperation): string {
  const listed: string[] = [];
  for (let status = 100; status <= 399; status++) {
    if (allowedResponse(operation, status) !== undefined) listed.push(String(status));
  }
  return listed.length === 0 ? "400 to 599" : `${listed.join(", ")}, or 400 to 599`;
}

/** respondNext's status, body and headers, checked against openapi.yaml; `prefix` starts every message. */
export function checkRespondAnswer(
  operation: PlantStoreOperation,
  answer: { status?: unknown; body?: unknown; headers?: unknown },
  prefix: string,
): ScriptedAnswer {
  // The rule is built only for a refusal: listing the statuses walks every one below 400.
  const rule = () =>
    `${prefix}status must be a status openapi.yaml declares for ${operation}: ${allowedStatuses(operation)}.`;
  const status = checkNumber(
    answer.status,
    (n) => allowedResponse(operation, n) !== undefined,
    rule,
  );
  const response = allowedResponse(operation, status) as NonNullable<
    ReturnType<typeof allowedResponse>
  >;

  const headers = checkFailureHeaders(answer.headers, prefix);
  if (Object.hasOwn(headers, "content-type")) {
    throw new TypeError(
      `${prefix}headers: "content-type" cannot be set; the body is JSON, as openapi.yaml declares.`,
    );
  }
  const validate = response.bodies["application/json"];
  if (validate === undefined) {
    if (answer.body !== undefined) {
      throw new TypeError(
        `${prefix}body must be left out: openapi.yaml declares none for ${status}.`,
      );
    }
    return { by: "respondNext", status, body: "", headers };
  }
  // What is checked is what will be sent: the body as JSON gives it (undefined fields dropped).
  const text = toJson(
    answer.body,
    `${prefix}body must be JSON (a value JSON.stringify can write).`,
  );
  const sent: unknown = JSON.parse(text);
  if (!validate(sent)) {
    const [error] = validate.errors ?? [];
    const problem = error === undefined ? "does not match openapi.yaml" : readable(error);
    throw new TypeError(`${prefix}${problem}.`);
  }
  // The schema cannot say it, but the contract does: a failure's `error` is its own status
  // (the SDK and the verifier read it so), so no real service answers another number.
  if (status >= 400 && (sent as { error?: unknown }).error !== status) {
    throw new TypeError(`${prefix}body.error must be ${status}, the status it answers with.`);
  }
  return { by: "respondNext", status, body: text, headers };
}

function toJson(value: unknown, message: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    throw new TypeError(message);
  }
  if (text === undefined) throw new TypeError(message);
  return text;
}

const ARTICLES: Record<string, string> = {
  array: "an array",
  object: "an object",
  integer: "an integer",
  string: "a string",
  number: "a number",
  boolean: "a boolean",
  null: "null",
};

/** Ajv's error as a sentence about the body: `body[0].name must be a string`. */
function readable(error: {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}): string {
  const place = bodyPath(error.instancePath);
  const { params } = error;
  switch (error.keyword) {
    case "type":
      return `${place} must be ${ARTICLES[String(params.type)] ?? String(params.type)}`;
    case "required":
      return `${place} must have the field ${JSON.stringify(params.missingProperty)}`;
    case "additionalProperties":
      return `${place} must not have the field ${JSON.stringify(params.additionalProperty)}`;
    default:
      return `${place} ${error.message ?? "does not match openapi.yaml"}`;
  }
}

// RFC 7240 allows whitespace around "=" (`code = 503`).
const PREFER_CODE = /(?:^|[,;]\s*)code\s*=\s*"?(\d{3})"?(?=\s*(?:[,;]|$))/i;

/**
 * The answer a request's `Prefer: code=N` asks for: the Error body with status N when N is a
 * 4xx/5xx `operation` may answer; `undefined` (answered as usual) for any other value.
 */
export function preferredAnswer(
  operation: PlantStoreOperation,
  prefer: string | null,
): ScriptedAnswer | undefined {
  if (prefer === null) return undefined;
  const code = PREFER_CODE.exec(prefer)?.[1];
  if (code === undefined) return undefined;
  const status = Number(code);
  if (status < 400 || allowedResponse(operation, status) === undefined) return undefined;
  const message = `${operation} answered ${status} because the request asked for it (Prefer: code=${status}).`;
  return errorPending("prefer", operation, status, message);
}
