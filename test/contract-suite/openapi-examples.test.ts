import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, parseDocument, type Scalar, type YAMLMap } from "yaml";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";

// The error examples in openapi.yaml are what API docs and `prism mock` show users, so each
// must be the reference server's real answer to the situation it names, word for word.
const spec = parse(readFileSync(new URL("../../openapi.yaml", import.meta.url), "utf8"));
const createResponses = spec.paths["/plants"].post.responses;

interface Example {
  value: { error: number; message: string };
}

function onlyExample(content: { examples?: Record<string, Example> }): Example["value"] {
  const examples = Object.values(content.examples ?? {});
  expect(examples).toHaveLength(1);
  return (examples[0] as Example).value;
}

const exampleOf = (response: { content: { "application/json": object } }) =>
  onlyExample(response.content["application/json"]);

const BASE = "http://examples.test";
const json = { authorization: "Bearer t1", "content-type": "application/json" };
const post = (body: string, headers: Record<string, string> = json) =>
  new Request(`${BASE}/plants`, { method: "POST", headers, body });

// Each example, the request that provokes it, and the status it must come with.
const cases: [string, Example["value"], () => Request, number][] = [
  [
    "400 (BadRequest)",
    exampleOf(spec.components.responses.BadRequest),
    () => new Request(`${BASE}/plants?limit=-1`, { headers: json }),
    400,
  ],
  [
    "401 (Unauthorized)",
    exampleOf(spec.components.responses.Unauthorized),
    () => new Request(`${BASE}/plants`, { headers: { authorization: "Bearer not-a-token" } }),
    401,
  ],
  [
    "default (UnexpectedError)",
    exampleOf(spec.components.responses.UnexpectedError),
    () => new Request(`${BASE}/unknown`, { headers: json }),
    404,
  ],
  ["409", exampleOf(createResponses["409"]), () => post('{"name":"Fern","id":42}'), 409],
  ["413", exampleOf(createResponses["413"]), () => post(`"${"x".repeat(1024 * 1024)}"`), 413],
  [
    "415",
    exampleOf(createResponses["415"]),
    () => post('{"name":"Fern"}', { ...json, "content-type": "text/plain" }),
    415,
  ],
];

describe("the error examples in openapi.yaml", () => {
  it.each(cases)("%s is the reference server's answer", async (_, example, request, status) => {
    const handle = createPlantStoreFetchHandler({
      tokens: ["t1"],
      seed: [{ name: "Ivy", id: 42 }],
    });
    const response = await handle(request());
    expect(response.status).toBe(status);
    expect(example.error).toBe(status);
    expect(await response.json()).toEqual(example);
  });
});

describe("the order openapi.yaml lists a create's successes in", () => {
  it("puts 201, what the reference server answers, first: tools that take the first documented success (Portman) expect it", async () => {
    // Read as written: a JavaScript object would list the keys "200" and "201" by number.
    const document = parseDocument(
      readFileSync(new URL("../../openapi.yaml", import.meta.url), "utf8"),
    );
    const responses = document.getIn(["paths", "/plants", "post", "responses"]) as YAMLMap;
    const successes = responses.items
      .map((item) => String((item.key as Scalar).value))
      .filter((status) => status.startsWith("2"));
    expect(successes).toEqual(["201", "200"]);
    const created = await createPlantStoreFetchHandler()(post('{"name":"First"}'));
    expect(created.status).toBe(Number(successes[0]));
  });
});
