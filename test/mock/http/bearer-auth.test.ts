import { describe, expect, it } from "vitest";
import { constantTimeMatcher, createBearerAuth } from "../../../src/mock/http/bearer-auth.js";

const missing = "The Authorization header is missing; send Authorization: Bearer <token>.";
const notBearer = "The Authorization header must use the Bearer scheme.";
const empty = "The Authorization header carries an empty Bearer token.";
const rejected = "The bearer token in the Authorization header is not accepted.";

describe("createBearerAuth with a token list", () => {
  const auth = createBearerAuth(["s3cret", "other-token"]);

  it.each([
    [null, missing, false],
    ["", missing, false],
    ["Basic czNjcmV0", notBearer, false],
    ["Token s3cret", notBearer, false],
    ["Bearer", empty, false],
    ["Bearer    ", empty, false],
    ["Bearer wrong", rejected, true],
    ["Bearer s3cre", rejected, true],
    ["Bearer s3cret0", rejected, true],
    ["Bearer S3CRET", rejected, true],
    // Only spaces and tabs surround a token (RFC 9110); anything else is part of it.
    ["Bearer s3cret\u00a0", rejected, true],
    ["Bearer \u00a0s3cret", rejected, true],
    ["Bearer s3cret\f", rejected, true],
    ["Bearer \vs3cret", rejected, true],
    ["Bearer s3cret\u2003", rejected, true],
  ])("rejects %j", (header, message, invalidToken) => {
    expect(auth(header)).toEqual({ ok: false, message, invalidToken });
  });

  it("accepts every listed token, with the scheme in any case", () => {
    expect(auth("Bearer s3cret")).toEqual({ ok: true, token: "s3cret" });
    expect(auth("bearer other-token")).toEqual({ ok: true, token: "other-token" });
    expect(auth("BEARER  s3cret")).toEqual({ ok: true, token: "s3cret" });
    expect(auth("Bearer \ts3cret \t")).toEqual({ ok: true, token: "s3cret" });
  });

  it("accepts nothing when the list is empty", () => {
    expect(createBearerAuth([])("Bearer anything")).toMatchObject({
      ok: false,
      invalidToken: true,
    });
  });
});

describe("createBearerAuth without a token list", () => {
  const auth = createBearerAuth(undefined);

  it("accepts any well-formed bearer token", () => {
    expect(auth("Bearer abc.DEF-123_~+/==")).toEqual({ ok: true, token: "abc.DEF-123_~+/==" });
  });

  it("rejects tokens outside the RFC 6750 token syntax as not accepted", () => {
    expect(auth("Bearer two words")).toMatchObject({ ok: false, invalidToken: true });
    expect(auth("Bearer caf\u00e9")).toMatchObject({ ok: false, invalidToken: true });
    expect(auth("Bearer abc\u00a0")).toMatchObject({ ok: false, invalidToken: true });
    expect(auth("Bearer \vabc")).toMatchObject({ ok: false, invalidToken: true });
  });
});

describe("constantTimeMatcher", () => {
  it("compares UTF-8 bytes exactly, including multi-byte characters and prefixes", () => {
    const matches = constantTimeMatcher(["caf\u00e9", "ab"]);
    expect(matches("caf\u00e9")).toBe(true);
    expect(matches("cafe")).toBe(false);
    expect(matches("ab")).toBe(true);
    expect(matches("a")).toBe(false);
    expect(matches("ab\u0000")).toBe(false);
  });
});
