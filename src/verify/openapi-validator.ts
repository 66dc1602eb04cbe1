import {
  type BodyValidator,
  responseValidators,
  type SchemaError,
} from "../contract/generated/openapi-validators.js";

export type OperationId = keyof typeof responseValidators;

/** What the validator needs to know about one answer. */
interface ObservedAnswer {
  status: number;
  contentType: string | null;
  bodyText: string;
}

/** `/0/tag` -> `body[0].tag`, the way a reader of the JSON would name it. */
function describeError(error: SchemaError): string {
  const path = error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join("");
  const extra =
    error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
  return `body${path} ${error.message ?? "is invalid"}${extra}`;
}

const MAX_SCHEMA_ERRORS = 3;

/**
 * Checks one answer against openapi.yaml: the status is declared for the operation (or
 * covered by a range or `default`), the content type is one the response declares, and the
 * body matches that response's schema. Returns one message per breakage, empty when it fits.
 */
export function validateAnswer(operationId: OperationId, answer: ObservedAnswer): string[] {
  const responses: Record<string, Record<string, BodyValidator>> = responseValidators[operationId];
  const status = String(answer.status);
  const key = [status, `${status[0]}XX`, "default"].find((candidate) => candidate in responses);
  if (key === undefined) {
    return [`status ${status} is not declared for ${operationId}`];
  }
  const byMediaType = responses[key] ?? {};
  const mediaTypes = Object.keys(byMediaType);
  if (mediaTypes.length === 0) return [];

  const mediaType = answer.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const validate = byMediaType[mediaType];
  if (!validate) {
    const got = answer.contentType ? `"${answer.contentType}"` : "missing";
    return [`content type ${got}, openapi.yaml declares ${mediaTypes.join(" or ")}`];
  }
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

export { specVersion } from "../contract/generated/openapi-validators.js";
