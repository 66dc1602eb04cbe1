// src/contract/generated is written by `npm run generate` from openapi.yaml; check:generated
// (part of npm test) fails when it is stale. These tests pin what the rest of the package
// relies on: the document equals openapi.yaml, and the validators cover every response it
// declares and run without compiling code at run time (Workers forbid `new Function`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openApiDocument } from "../../src/contract/generated/openapi-document.js";
import {
  responseValidators,
  specVersion,
} from "../../src/contract/generated/openapi-validators.js";

const spec = parse(readFileSync("openapi.yaml", "utf8"));

describe("the generated contract files", () => {
  it("hold openapi.yaml as it is (after a change there, run npm run generate)", () => {
    expect(openApiDocument).toEqual(spec);
    expect(specVersion).toBe(spec.info.version);
  });

  it("have a validator for every response openapi.yaml declares", () => {
    const declared = Object.fromEntries(
      Object.values(
        spec.paths as Record<string, Record<string, { operationId: string; responses: object }>>,
      )
        .flatMap((item) => Object.values(item))
        .map((operation) => [operation.operationId, Object.keys(operation.responses)]),
    );
    const generated = Object.fromEntries(
      Object.entries(responseValidators).map(([operation, byKey]) => [
        operation,
        Object.keys(byKey),
      ]),
    );
    expect(generated).toEqual(declared);
  });

  it("validate bodies by the schemas and the OpenAPI int32 format", () => {
    const plants = responseValidators.listPlants["200"]["application/json"];
    expect(plants([{ name: "Fern", tag: "fern" }])).toBe(true);
    expect(plants([{ name: "Fern", id: 1 }])).toBe(false);
    expect(plants.errors).toMatchObject([
      { instancePath: "/0", keyword: "additionalProperties", params: { additionalProperty: "id" } },
    ]);

    const conflict = responseValidators.createPlant["409"]["application/json"];
    expect(conflict({ error: 409, message: "id 42 is already in the store." })).toBe(true);
    expect(conflict({ error: 2 ** 31, message: "too large for int32" })).toBe(false);
    expect(conflict.errors).toMatchObject([
      { instancePath: "/error", keyword: "format", message: 'must match format "int32"' },
    ]);
  });

  it("compile nothing at run time and import only Ajv's runtime helpers", () => {
    const code = readFileSync("src/contract/generated/openapi-validators.js", "utf8");
    expect(code).not.toMatch(/new Function|\beval\(|require\(/);
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    for (const specifier of imports) expect(specifier).toMatch(/^ajv\/dist\/runtime\//);
  });
});
