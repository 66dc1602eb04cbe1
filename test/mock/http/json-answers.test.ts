import { describe, expect, it } from "vitest";
import { plantJson, plantsJson } from "../../../src/mock/http/json-answers.js";

describe("plantsJson", () => {
  it("produces what JSON.stringify would", () => {
    const plants = [Object.freeze({ name: 'Say "hi"', tag: "\u2603" }), { name: "B" }];
    expect(plantsJson(plants)).toBe(JSON.stringify(plants));
    expect(plantsJson([])).toBe("[]");
  });

  it("never serves a stale string for a plant that can still change", () => {
    const mutable = { name: "Before" };
    expect(plantJson(mutable)).toBe('{"name":"Before"}');
    mutable.name = "After";
    expect(plantJson(mutable)).toBe('{"name":"After"}');
  });
});
