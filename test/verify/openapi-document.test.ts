import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openApiDocument } from "../../src/verify/generated/openapi-document.js";

describe("the verifier's compiled-in openapi.yaml", () => {
  it("equals openapi.yaml (after a change there, run npm run generate)", () => {
    expect(openApiDocument).toEqual(parse(readFileSync("openapi.yaml", "utf8")));
  });
});
