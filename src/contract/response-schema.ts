// How an answer is matched to the responses openapi.yaml declares, written once for the
// verifier and the shadow proxy (judging a live service's answers) and the mock's scripted
// answers (refusing one the contract does not allow): which response covers a status, how a
// schema error's place in the body is named, and whether an answer fits (validateAnswer).

import {
  type BodyValidator,
  responseValidators,
  type SchemaError,
} from "./generated/openapi-validators.js";
import type { PlantStoreOperation } from "./journal-entries.js";
import { between } from "./number-check.js";

/** An operation openapi.yaml declares, by its operationId. */

/** The validator of each media type a response declares; empty when it has no body. */
export type ResponseBodies = Readonly<Record<string, BodyValidator>>;

/** The response keys ("200", "4XX", "default") openapi.yaml declares for `operation`, in its order. */
export function declaredResponseKeys(operation: PlantStoreOperation): string[] {
  return Object.keys(responseValidators[operation]);
}

/**
 * The response openapi.yaml declares for `status`: the status itself, else its range ("5XX"),
 * else "default"; `undefined` when none covers it.
 */
export function responseFor(
  operation: PlantStoreOperation,
  status: number,
): { key: string; bodies: ResponseBodies } | undefined {
  const responses: Readonly<Record<string, ResponseBodies>> = responseValidators[operation];
  const exact = String(status);
  const key = [exact, `${exact[0]}XX`, "default"].find((name) => Object.hasOwn(responses, name));
  return key === undefined ? undefined : { key, bodies: responses[key] ?? {} };
}

/**
 * The response openapi.yaml lets `operation` answer `status` with (its own key, a range or
 * `default`), or `undefined` when it allows none.
 */
export function allowedResponse(operation: PlantStoreOperation, status: number) {
  if (!between(100, 599, true)(status)) return undefined;
  const response = responseFor(operation, status);
  // `default` stands for the failures the spec does not list, never for an unlisted success.
  return response?.key !== "default" || status >= 400 ? response : undefined;
}

/** `/0/tag` -> `body[0].tag`, the way a reader of the JSON names the place (RFC 6901 pointer). */
export function bodyPath(instancePath: string): string {
  const segments = instancePath === "" ? [] : instancePath.slice(1).split("/");
  return segments
    .map((escaped) => escaped.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((path, segment) => {
      if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
      if (/^[A-Za-z_$][\w$]*$/.test(segment)) return `${path}.${segment}`;
      return `${path}[${JSON.stringify(segment)}]`;
    }, "body");
}

/** What the validator needs to know about one answer. */
export interface ObservedAnswer {
  status: number;
  contentType: string | null;
  /** `undefined`: the body was not seen (too large to keep, say); only the rest is checked. */
  bodyText: string | undefined;
}

function describeError(error: SchemaError): string {
  const extra =
    error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
  return `${bodyPath(error.instancePath)} ${error.message ?? "is invalid"}${extra}`;
}

const MAX_SCHEMA_ERRORS = 3;

/**
 * Checks one answer against openapi.yaml: the status is declared for the operation (or
 * covered by a range or `default`), the content type is one the response declares, and the
 * body matches that response's schema. Returns one message per breakage, empty when it fits.
 */
export function validateAnswer(operationId: PlantStoreOperation, answer: ObservedAnswer): string[] {
  const response = responseFor(operationId, answer.status);
  if (response === undefined) {
    return [`status ${answer.status} is not declared for ${operationId}`];
  }
  const byMediaType = response.bodies;
  const mediaTypes = Object.keys(byMediaType);
  if (mediaTypes.length === 0) return [];

  const mediaType = answer.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const validate = byMediaType[mediaType];
  if (!validate) {
    const got = answer.contentType ? `"${answer.contentType}"` : "missing";
    return [`content type ${got}, openapi.yaml declares ${mediaTypes.join(" or ")}`];
  }
  if (answer.bodyText === undefined) return [];
  let body: unknown;
  try {
    body = JSON.parse(answer.bodyText);
  } catch {
    return [`body is not valid JSON (${answer.bodyText.length} bytes)`];
  }
  if (validate(body)) return [];
  const errors = (validate.errors ?? []).map(describeError);
  const more =
    errors.length > MAX_SCHEMA_ERRORS ? ` (+${errors.length - MAX_SCHEMA_ERRORS} more)` : "";
  return [`${errors.slice(0, MAX_SCHEMA_ERRORS).join(", ")}${more}`];
}
