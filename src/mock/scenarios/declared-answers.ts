// respondNext's answers, held to what openapi.yaml declares: a status the operation declares (or
// any other 4xx/5xx under `default`), with a body valid for it, checked when set by the
// validators generated from the spec, so no test can script an answer the service never sends.
// respondWith's answers are held to the same rules when its function returns them; one it
// cannot give becomes a 500 naming the problem, so the test that wrote it fails.
import type { PlantStoreOperation, ReceivedRequest } from "../../contract/journal-entries.js";
import { checkNumber } from "../../contract/number-check.js";
import { checkOptionNames } from "../../contract/option-names.js";
import { allowedResponse, bodyPath } from "../../contract/response-schema.js";
import { checkFailureHeaders } from "./failure-fields.js";
import { type ScriptedAnswer, scriptProblem } from "./scripted-answer.js";
import { isUnawaitedPromise, thrownMessage } from "./test-function.js";

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

const RESPOND_WITH_FIELDS = { status: true, body: true, headers: true };
const RESPOND_WITH = "respondWith: ";

/**
 * The answer `respond` gives `request` of `operation`: `undefined` for the contract's own, else
 * the answer checked by respondNext's rules, or the 500 naming why it cannot be given (the
 * field, or what `respond` threw, with any token hidden by `redact`).
 */
export function respondWithAnswer(
  operation: PlantStoreOperation,
  respond: (request: ReceivedRequest) => unknown,
  request: ReceivedRequest,
  redact: (text: string) => string,
): ScriptedAnswer | undefined {
  let answer: unknown;
  try {
    answer = respond(request);
  } catch (error) {
    const thrown = redact(thrownMessage(error));
    return scriptProblem(
      "respondWith",
      `${RESPOND_WITH}the function for ${operation} threw: ${thrown}`,
    );
  }
  if (answer === undefined) return undefined;
  try {
    if (isUnawaitedPromise(answer)) {
      throw new TypeError(
        `${RESPOND_WITH}the function for ${operation} returned a promise; return the answer itself (or undefined).`,
      );
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
      throw new TypeError(
        `${RESPOND_WITH}the function for ${operation} must return an answer such as { status, body }, or undefined.`,
      );
    }
    checkOptionNames(answer, RESPOND_WITH_FIELDS, RESPOND_WITH);
    return { ...checkRespondAnswer(operation, answer, RESPOND_WITH), by: "respondWith" };
  } catch (error) {
    return scriptProblem("respondWith", redact(thrownMessage(error)));
  }
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
