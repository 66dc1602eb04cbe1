import { describe, expect, it } from "vitest";
import { parseLimitParam } from "../../../src/mock/http/list-query.js";

const INVALID = { ok: false, message: "limit must be an integer from 0 to 2147483647." };

describe("parseLimitParam", () => {
  it("returns no limit when the parameter is absent", () => {
    expect(parseLimitParam("")).toEqual({ ok: true, limit: undefined });
    expect(parseLimitParam("?other=1")).toEqual({ ok: true, limit: undefined });
  });

  it.each([
    ["?limit=0", 0],
    ["?limit=10", 10],
    ["?limit=2147483647", 2147483647],
    ["?other=x&limit=3", 3],
    ["?%6Cimit=4", 4],
  ])("accepts %s", (search, limit) => {
    expect(parseLimitParam(search)).toEqual({ ok: true, limit });
  });

  it.each([
    "?limit=-1",
    "?limit=1.5",
    "?limit=abc",
    "?limit=2147483648",
    "?limit=",
    "?limit=1e3",
    "?limit=%2B1",
    "?limit=%201",
    "?limit=01",
    "?limit=0x10",
    "?limit=1.0",
    `?limit=${"9".repeat(5000)}`,
  ])("rejects %s with 400 naming limit", (search) => {
    expect(parseLimitParam(search)).toEqual(INVALID);
  });

  it("rejects a repeated limit, even with equal values", () => {
    expect(parseLimitParam("?limit=1&limit=1")).toEqual({
      ok: false,
      message: "limit must be given at most once.",
    });
  });
});
