// The package's one number check: a TypeError for what is no number, a RangeError for a number
// its rule does not take, the message as given (never the value).
import { describe, expect, it } from "vitest";
import { between, checkNumber, wholeFrom } from "../../src/contract/number-check.js";

describe("checkNumber", () => {
  it("returns a number the rule takes", () => {
    expect(checkNumber(3, wholeFrom(1), "n must be 1 or more.")).toBe(3);
    expect(checkNumber(0.5, between(0, 1), "rate")).toBe(0.5);
  });

  it.each([
    ["no number at all", "3", TypeError],
    ["a number outside the rule", 0, RangeError],
    ["a fraction where a whole number is asked for", 1.5, RangeError],
    ["NaN", Number.NaN, RangeError],
    ["a number beyond the safe integers", 2 ** 53, RangeError],
  ])("refuses %s", (_, value, kind) => {
    const check = () => checkNumber(value, wholeFrom(1), "n must be a whole number, 1 or more.");
    expect(check).toThrowError(new kind("n must be a whole number, 1 or more."));
  });

  it("builds a costly message only for a refusal", () => {
    let built = 0;
    const message = () => {
      built++;
      return "refused";
    };
    checkNumber(5, between(1, 9, true), message);
    expect(built).toBe(0);
    expect(() => checkNumber(5.5, between(1, 9, true), message)).toThrowError(RangeError);
    expect(built).toBe(1);
  });
});
