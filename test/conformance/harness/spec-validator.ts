import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { parse } from "yaml";

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
  components: Record<string, unknown>;
}

/**
 * Validates a response body against the schema openapi.yaml declares for it, with Ajv's
 * JSON Schema 2020-12 dialect (the one OpenAPI 3.1 uses). Used for the answers Prism cannot
 * check because it answers those requests itself (see prism-forwarding.ts), and for the admin
 * endpoints, which have their own document (`createSpecValidator("openapi.admin.yaml")`).
 */
export function createSpecValidator(specId = "openapi.yaml") {
  const specPath = fileURLToPath(new URL(`../../../${specId}`, import.meta.url));
  const spec = parse(readFileSync(specPath, "utf8")) as OpenApiDocument;
  const ajv = new Ajv2020({ allErrors: true });
  // The document is registered whole so the spec's own "#/components/..." refs resolve;
  // these two top-level keys are containers, not schema keywords.
  ajv.addKeyword("paths");
  ajv.addKeyword("components");
  ajv.addFormat("int32", { type: "number", validate: (n) => isIntegerIn(n, 2 ** 31) });
  ajv.addFormat("int64", { type: "number", validate: (n) => isIntegerIn(n, 2 ** 63) });
  ajv.addFormat("date-time", { type: "string", validate: isDateTime });
  ajv.addSchema({ $id: specId, paths: spec.paths, components: spec.components });
  const compiled = new Map<string, ValidateFunction>();

  const compile = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: `${specId}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };

  /** JSON pointer of the schema for this answer: the operation's response, else the Error schema. */
  const schemaPointer = (method: string, path: string, status: number) => {
    const operation = spec.paths[path]?.[method.toLowerCase()];
    if (operation === undefined) return "/components/schemas/Error";
    const key = String(status) in operation.responses ? String(status) : "default";
    const response = operation.responses[key];
    if (response === undefined) return "/components/schemas/Error";
    // Shared responses are refs into components; inline ones live under the operation.
    const base =
      response.$ref?.slice(1) ??
      `/paths/${escapePointerSegment(path)}/${method.toLowerCase()}/responses/${key}`;
    return `${base}/content/application~1json/schema`;
  };

  return {
    /** Whether the operation lists `status` itself (not only through `default`). */
    declaresStatus(method: string, path: string, status: number): boolean {
      return String(status) in (spec.paths[path]?.[method.toLowerCase()]?.responses ?? {});
    },
    /** Human-readable problems, empty when the body matches the spec. */
    validateResponse(method: string, path: string, status: number, body: unknown): string[] {
      const validate = compile(schemaPointer(method, path, status));
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (error) => `response body${error.instancePath} ${error.message ?? "is invalid"}`,
      );
    },
  };
}

export type SpecValidator = ReturnType<typeof createSpecValidator>;

function isIntegerIn(value: number, bound: number): boolean {
  return Number.isInteger(value) && value >= -bound && value < bound;
}

/** RFC 3339 date-time, as `Date.prototype.toISOString` writes it and more. */
function isDateTime(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(text) &&
    !Number.isNaN(Date.parse(text))
  );
}

function escapePointerSegment(pointerSegment: string): string {
  return pointerSegment.replaceAll("~", "~0").replaceAll("/", "~1");
}
