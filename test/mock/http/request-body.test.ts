import { describe, expect, it } from "vitest";
import { parseNewPlant } from "../../../src/mock/http/request-body.js";

describe("parseNewPlant", () => {
  it("keeps name, tag and id and drops unknown fields", () => {
    expect(parseNewPlant('{"name":"Fern","tag":"green","id":3,"extra":true}')).toEqual({
      ok: true,
      plant: { name: "Fern", tag: "green", id: 3 },
    });
  });

  it.each([
    ["", "The request body is not valid JSON."],
    ["{name:1}", "The request body is not valid JSON."],
    ["[]", "The request body must be a JSON object."],
    ["null", "The request body must be a JSON object."],
    ['"Fern"', "The request body must be a JSON object."],
    ["{}", "name is required."],
    ['{"name":5}', "name must be a string."],
    ['{"name":null}', "name must be a string."],
    ['{"name":""}', "name must not be empty."],
    ['{"name":"x","tag":1}', "tag must be a string."],
    ['{"name":"x","tag":null}', "tag must be a string."],
    ['{"name":"x","id":0}', "id must be an integer from 1 to 9007199254740991."],
    ['{"name":"x","id":-1}', "id must be an integer from 1 to 9007199254740991."],
    ['{"name":"x","id":1.5}', "id must be an integer from 1 to 9007199254740991."],
    ['{"name":"x","id":"1"}', "id must be an integer from 1 to 9007199254740991."],
    ['{"name":"x","id":9007199254740992}', "id must be an integer from 1 to 9007199254740991."],
    ['{"name":"","tag":1,"id":0}', "name must not be empty."],
  ])("rejects %j: %s", (text, message) => {
    expect(parseNewPlant(text)).toEqual({ ok: false, message });
  });

  it("never lets __proto__ or constructor keys reach the plant or Object.prototype", () => {
    const result = parseNewPlant(
      '{"name":"x","__proto__":{"polluted":1,"tag":5},"constructor":{"prototype":{"polluted":1}}}',
    );
    expect(result).toEqual({ ok: true, plant: { name: "x" } });
    if (result.ok) expect(Object.getPrototypeOf(result.plant)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parseNewPlant('{"__proto__":{"name":"x"}}')).toEqual({
      ok: false,
      message: "name is required.",
    });
  });

  it("survives deeply nested JSON", () => {
    const deep = `{"name":"x","tag":"t","extra":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect(parseNewPlant(deep)).toEqual({ ok: true, plant: { name: "x", tag: "t" } });
  });
});
