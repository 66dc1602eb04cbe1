// Writes the files of src/contract/generated/ that openapi-typescript does not (npm run
// generate runs both; `--check` writes nothing and fails when a file is out of date):
//
// - openapi-document.ts: openapi.yaml as a constant, so code that reads the document (the
//   landing page) needs no file path and no YAML parser at run time, in any runtime or bundle;
//   beside it the admin endpoints of openapi.admin.yaml (method, path, summary), which the
//   landing page lists when they are on.
// - openapi-validators.js and .d.ts: a validator for every JSON response body openapi.yaml
//   declares, compiled ahead of time by Ajv's standalone code. Compiling at run time needs
//   `new Function`, which Cloudflare Workers forbid, and would put Ajv in every install; the
//   few parts of Ajv's runtime the code imports are bundled into dist by tsup.
import { readFileSync, writeFileSync } from "node:fs";
import { _ } from "ajv";
import { Ajv2020, type FormatDefinition } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { parse } from "yaml";

const root = new URL("..", import.meta.url);
const folder = "src/contract/generated";
const HEADER = `// Generated from openapi.yaml by scripts/generate-contract.ts (npm run generate).
// Do not edit: change openapi.yaml and regenerate.`;

interface MediaTypeObject {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaTypeObject>;
}
interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string; responses?: object }>>;
}

const document = parse(readFileSync(new URL("openapi.yaml", root), "utf8")) as OpenApiDocument;

// OpenAPI's numeric formats, which JSON Schema leaves to the application. Each function is
// copied into the generated module by its source text, so it must not use outer names.
const formats: Record<string, FormatDefinition<number>> = {
  int32: {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n <= 2 ** 31 - 1,
  },
  int64: { type: "number", validate: (n: number) => Number.isInteger(n) },
};

const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** `{ $ref: "#/components/responses/X" }` -> the pointer and object it names. */
function resolveResponse(pointer: string, response: ResponseObject) {
  if (!response.$ref) return { pointer, response };
  const refPointer = response.$ref.slice(1);
  let target: unknown = document;
  for (const segment of refPointer.split("/").slice(1)) {
    target = (target as Record<string, unknown> | undefined)?.[segment];
  }
  if (typeof target !== "object" || target === null) {
    throw new Error(`openapi.yaml has no response ${response.$ref}`);
  }
  return { pointer: refPointer, response: target as ResponseObject };
}

/**
 * The validator of one body schema: a schema that only names a component schema shares that
 * component's validator, and a shared response (components/responses/X) is named after it.
 * Each schema is then compiled once (Ajv's standalone code would otherwise declare the same
 * function twice, and six error responses would carry six copies of the Error check).
 */
function validatorFor(schema: unknown, pointer: string, owner: string) {
  const ref = (schema as { $ref?: unknown }).$ref;
  const named = typeof ref === "string" && Object.keys(schema as object).length === 1;
  if (named && ref.startsWith("#/components/schemas/")) {
    return { name: `validate_${ref.slice(ref.lastIndexOf("/") + 1)}`, ref: `openapi.yaml${ref}` };
  }
  return { name: `validate_${owner}`, ref: `openapi.yaml#${pointer}` };
}

/** operationId -> response key -> media type -> the name of its exported validator. */
type ValidatorTable = Record<string, Record<string, Record<string, string>>>;

function collectResponses(): { table: ValidatorTable; schemas: Record<string, string> } {
  const table: ValidatorTable = {};
  const schemas: Record<string, string> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId) continue;
      const byKey: ValidatorTable[string] = {};
      table[operation.operationId] = byKey;
      const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
      for (const [key, declared] of Object.entries(responses)) {
        const responsePointer = `/paths/${escapePointer(path)}/${method}/responses/${key}`;
        const { pointer, response } = resolveResponse(responsePointer, declared);
        const byMediaType: Record<string, string> = {};
        byKey[key] = byMediaType;
        for (const [mediaType, content] of Object.entries(response.content ?? {})) {
          if (content.schema === undefined) {
            throw new Error(`openapi.yaml: ${responsePointer} ${mediaType} has no schema`);
          }
          const owner = pointer.startsWith("/components/responses/")
            ? pointer.slice(pointer.lastIndexOf("/") + 1)
            : `${operation.operationId}_${key}`;
          const { name, ref } = validatorFor(
            content.schema,
            `${pointer}/content/${escapePointer(mediaType)}/schema`,
            `${owner}_${mediaType.replace(/\W/g, "_")}`,
          );
          byMediaType[mediaType] = name;
          schemas[name] = ref;
        }
      }
    }
  }
  return { table, schemas };
}

/** The table as an object literal (or type), each validator's name replaced by `leaf(name)`. */
function tableCode(
  value: ValidatorTable | ValidatorTable[string] | Record<string, string> | string,
  leaf: (name: string) => string,
  keyPrefix = "",
  indent = "",
): string {
  if (typeof value === "string") return leaf(value);
  const entries = Object.entries(value).map(
    ([key, inner]) =>
      `${indent}  ${keyPrefix}${JSON.stringify(key)}: ${tableCode(inner, leaf, keyPrefix, `${indent}  `)},`,
  );
  return `{\n${entries.join("\n")}\n${indent}}`;
}

function validatorsModule(): { js: string; dts: string } {
  const ajv = new Ajv2020({
    allErrors: true,
    code: { source: true, esm: true, lines: true, formats: _`openApiFormats` },
  });
  // The document's top-level OpenAPI fields are not JSON Schema keywords; declaring them lets
  // Ajv stay strict inside the schemas while $refs point into the whole document.
  ajv.addVocabulary(["openapi", "info", "servers", "security", "tags", "paths", "components"]);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  ajv.addSchema(document as object, "openapi.yaml");

  const { table, schemas } = collectResponses();
  // Ajv writes its runtime helpers as `const f = require("ajv/dist/runtime/x").default`, even
  // for ESM; ES imports let the code run in every runtime and let tsup bundle them.
  const imports: string[] = [];
  let code = standaloneCode(ajv, schemas)
    .replace(/^"use strict";/, "")
    .replace(
      /const (\w+) = require\("(ajv\/dist\/runtime\/[\w-]+)"\)\.default;/g,
      (_match, local: string, module: string) => {
        imports.push(`import * as ${local}_module from "${module}.js";`);
        return `const ${local} = esModuleDefault(${local}_module);`;
      },
    );
  if (code.includes("require(")) throw new Error("Ajv's code has a require() left");
  if (imports.length > 0) {
    // The helpers are CommonJS compiled from ES modules: Node (and esbuild bundling for it)
    // gives their whole `exports` as the default, while vitest unwraps it to `exports.default`.
    code = `const esModuleDefault = (ns) => (ns.default?.__esModule ? ns.default.default : ns.default);\n${code}`;
  }

  const formatCode = Object.entries(formats)
    .map(([name, format]) => `  ${name}: { validate: ${String(format.validate)} },`)
    .join("\n");
  const js = `${HEADER}
${imports.join("\n")}
const openApiFormats = {
${formatCode}
};
${code.trim()}

/** For each operation, each response openapi.yaml declares, the validator per media type. */
export const responseValidators = ${tableCode(table, (name) => name)};

/** \`info.version\` of the openapi.yaml these validators were generated from. */
export const specVersion = ${JSON.stringify(document.info.version)};
`;
  const dts = `${HEADER}

/** One way a body breaks its schema (the fields of Ajv's ErrorObject). */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Checks a parsed JSON body; when it answers false, \`errors\` says why. */
export interface BodyValidator {
  (body: unknown): boolean;
  errors?: SchemaError[] | null;
}

/**
 * For each operation, each response key openapi.yaml declares (a status, a range such as
 * "4XX", or "default"), the validator of each media type it declares (none: no body).
 */
export declare const responseValidators: ${tableCode(table, () => "BodyValidator", "readonly ")};

/** \`info.version\` of the openapi.yaml these validators were generated from. */
export declare const specVersion: ${JSON.stringify(document.info.version)};
`;
  return { js, dts };
}

function documentModule(): string {
  const admin = parse(readFileSync(new URL("openapi.admin.yaml", root), "utf8")) as {
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  const methods = ["get", "put", "post", "delete", "patch"];
  const adminEndpoints = Object.entries(admin.paths).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const summary = item[method]?.summary;
      return summary === undefined ? [] : [{ method: method.toUpperCase(), path, summary }];
    }),
  );
  return `${HEADER}
export const openApiDocument = ${JSON.stringify(document, null, 2)} as const;

/** The admin endpoints openapi.admin.yaml declares, in its order. */
export const adminEndpoints: readonly { method: string; path: string; summary: string }[] = ${JSON.stringify(adminEndpoints, null, 2)};
`;
}

const validators = validatorsModule();
const outputs: Record<string, string> = {
  [`${folder}/openapi-document.ts`]: documentModule(),
  [`${folder}/openapi-validators.js`]: validators.js,
  [`${folder}/openapi-validators.d.ts`]: validators.dts,
};

const check = process.argv.includes("--check");
let stale = 0;
for (const [path, text] of Object.entries(outputs)) {
  const file = new URL(path, root);
  if (!check) {
    writeFileSync(file, text);
    console.log(`wrote ${path}`);
    continue;
  }
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current !== text) {
    console.error(`${path} is out of date: run npm run generate`);
    stale += 1;
  }
}
if (stale > 0) process.exitCode = 1;
