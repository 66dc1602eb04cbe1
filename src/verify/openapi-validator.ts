import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { openApiDocument } from "./generated/openapi-document.js";

export type OperationId = "listPlants" | "createPlant";

/** What the validator needs to know about one answer. */
export interface ObservedAnswer {
  status: number;
  contentType: string | null;
  bodyText: string;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, unknown>;
}

const DOCUMENT_ID = "openapi.yaml";
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true });
  // The document's top-level OpenAPI fields are not JSON Schema keywords; declaring them lets
  // Ajv stay strict inside the schemas while $refs point into the whole document.
  ajv.addVocabulary(["openapi", "info", "servers", "security", "tags", "paths", "components"]);
  ajv.addFormat("int32", {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX,
  });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema(openApiDocument as object, DOCUMENT_ID);
  return ajv;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
    if (!validate) throw new Error(`openapi.yaml has no schema at ${pointer}`);
    validators.set(pointer, validate);
  }
  return validate;
}

const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

function findOperation(operationId: OperationId): { pointer: string; responses: object } {
  for (const [path, item] of Object.entries(openApiDocument.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId === operationId) {
        const pointer = `/paths/${escapePointer(path)}/${method}/responses`;
        return { pointer, responses: operation.responses };
      }
    }
  }
  throw new Error(`openapi.yaml has no operation ${operationId}`);
}

function resolveResponse(pointer: string, response: ResponseObject) {
  if (!response.$ref) return { pointer, response };
  const refPointer = response.$ref.slice(1);
  let target: unknown = openApiDocument;
  for (const segment of refPointer.split("/").slice(1)) {
    target = (target as Record<string, unknown> | undefined)?.[segment];
  }
  if (typeof target !== "object" || target === null) {
    throw new Error(`openapi.yaml has no response ${response.$ref}`);
  }
  return { pointer: refPointer, response: target as ResponseObject };
}

/** `/0/tag` -> `body[0].tag`, the way a reader of the JSON would name it. */
function describeError(error: ErrorObject): string {
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
  const operation = findOperation(operationId);
  const responses = operation.responses as Record<string, ResponseObject>;
  const status = String(answer.status);
  const key = [status, `${status[0]}XX`, "default"].find((candidate) => candidate in responses);
  if (key === undefined) {
    return [`status ${status} is not declared for ${operationId}`];
  }
  const declared = resolveResponse(`${operation.pointer}/${key}`, responses[key] ?? {});
  const mediaTypes = Object.keys(declared.response.content ?? {});
  if (mediaTypes.length === 0) return [];

  const mediaType = answer.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!mediaTypes.includes(mediaType)) {
    const got = answer.contentType ? `"${answer.contentType}"` : "missing";
    return [`content type ${got}, openapi.yaml declares ${mediaTypes.join(" or ")}`];
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.bodyText);
  } catch {
    return [`body is not valid JSON (${answer.bodyText.length} bytes)`];
  }
  const validate = validatorAt(`${declared.pointer}/content/${escapePointer(mediaType)}/schema`);
  if (validate(body)) return [];
  const errors = (validate.errors ?? []).map(describeError);
  const more =
    errors.length > MAX_SCHEMA_ERRORS ? ` (+${errors.length - MAX_SCHEMA_ERRORS} more)` : "";
  return [`${errors.slice(0, MAX_SCHEMA_ERRORS).join(", ")}${more}`];
}

/** The version of openapi.yaml compiled into this build. */
export const specVersion: string = openApiDocument.info.version;
