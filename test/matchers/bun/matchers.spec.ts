// The matchers in Bun's test runner: the runners' shared suite (../support/runner-suite.cjs),
// plus the diff the matchers draw themselves, since Bun gives a matcher none.
// test/matchers/bun.test.ts runs it with `bun test` against dist/, reached by the package's own
// name as a user's project reaches it. (A .spec file, so that Vitest, which runs the *.test.ts
// files, leaves it to Bun.)
import { describe, expect, test } from "bun:test";
import { plantStoreMatchers } from "plant-store-sdk/matchers/bun";
import { createPlantStoreFetchHandler } from "plant-store-sdk/mock";
import { runMatcherSuite } from "../support/runner-suite.cjs";

expect.extend(plantStoreMatchers);

const { storeThatGot, failureOf } = runMatcherSuite({
  describe,
  test,
  expect,
  createPlantStoreFetchHandler,
  // Bun puts the matcher's signature first.
  header: (signature: string) => [`expect(received).${signature}`, ""],
});

describe("toHaveReceived in Bun", () => {
  test("draws its own diff under the closest request", async () => {
    const store = await storeThatGot(
      { name: "Rose", tag: "flower" },
      { name: "Fren", tag: "fern" },
    );
    const message = failureOf(() =>
      expect(store).toHaveReceived("createPlant", { body: { name: "Fern", tag: "fern" } }),
    );
    expect(message.split("\n").slice(6, 17)).toEqual([
      '  1: POST /plants 201 {"name":"Fren","tag":"fern"}',
      "     - Expected",
      "     + Received",
      "",
      "       {",
      '         "body": {',
      '     -     "name": "Fern",',
      '     +     "name": "Fren",',
      '           "tag": "fern"',
      "         }",
      "       }",
    ]);
  });
});
