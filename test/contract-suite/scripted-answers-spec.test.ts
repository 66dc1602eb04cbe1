// respondNext's run-time check reads openapi.yaml: walking the spec's responses proves it
// knows every operation and accepts every status the spec declares, with a body built from
// that status's schema, so a change to the spec the check misses fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";

interface Schema {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Operation {
  operationId: string;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
}

const spec = parse(readFileSync("openapi.yaml", "utf8"));
const METHODS: Record<string, string> = { get: "GET", post: "POST" };

function resolve<T>(value: T & { $ref?: string }): T {
  if (value.$ref === undefined) return value;
  const found = value.$ref
    .slice(2)
    .split("/")
    .reduce((node: Record<string, unknown>, key) => node[key] as Record<string, unknown>, spec);
  return resolve(found as T & { $ref?: string });
}

/** The smallest body the schema allows, with one item in every array (a number is `status`). */
function sampleOf(schema: Schema, status: number): unknown {
  const resolved = resolve(schema);
  switch (resolved.type) {
    case "object":
      return Object.fromEntries(
        (resolved.required ?? []).map((name) => [
          name,
          sampleOf(resolved.properties?.[name] ?? {}, status),
        ]),
      );
    case "array":
      return resolved.items === undefined ? [] : [sampleOf(resolved.items, status)];
    case "string":
      return "sample";
    case "integer":
    case "number":
      return status;
    case "boolean":
      return true;
    default:
      throw new Error(`sampleOf knows no schema type ${String(resolved.type)}: teach it`);
  }
}

/** A status each response key stands for: itself, the first of its range, a 4xx/5xx nobody lists. */
function statusFor(key: string, declared: string[]): number {
  if (/^\d{3}$/.test(key)) return Number(key);
  if (/^[1-5]XX$/.test(key)) return Number(key[0]) * 100;
  expect(key).toBe("default");
  return [599, 598, 597, 503].find((status) => !declared.includes(String(status))) as number;
}

const cases = Object.entries(spec.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      Object.entries(operation.responses).map(([key, response]) => ({
        path,
        method: METHODS[method] as string,
        operationId: operation.operationId,
        key,
        status: statusFor(key, Object.keys(operation.responses)),
        response: resolve(response),
      })),
    ),
);

describe("respondNext accepts every answer openapi.yaml declares", () => {
  it("walks at least the two operations' responses", () => {
    expect(new Set(cases.map((c) => c.operationId))).toEqual(
      new Set(["listPlants", "createPlant"]),
    );
  });

  it.each(cases)("$operationId $key (as $status)", async (c) => {
    const schema = c.response.content?.["application/json"]?.schema;
    const body = schema === undefined ? undefined : sampleOf(schema, c.status);
    const handle = createPlantStoreFetchHandler({ seed: [] });
    handle.respondNext(c.operationId as "listPlants", { status: c.status, body } as never);
    const answer = await handle(
      new Request(`http://mock.test${c.path}`, {
        method: c.method,
        headers: { authorization: "Bearer t", "content-type": "application/json" },
        ...(c.method === "POST" ? { body: '{"name":"a"}' } : {}),
      }),
    );
    expect(answer.status).toBe(c.status);
    expect(await answer.text()).toBe(body === undefined ? "" : JSON.stringify(body));
    expect(handle.store.entries()).toEqual([]);
  });
});
