// The matchers in Bun's test runner: each one passing and failing (and its .not form), with the
// message a failing test prints. test/matchers/bun.test.ts runs it with `bun test` against dist/,
// reached by the package's own name as a user's project reaches it. (A .spec file, so that
// Vitest, which runs the *.test.ts files, leaves it to Bun.)
import { describe, expect, test } from "bun:test";
import { plantStoreMatchers } from "plant-store-sdk/matchers/bun";
import { createPlantStoreFetchHandler } from "plant-store-sdk/mock";

expect.extend(plantStoreMatchers);

const BASE = "http://plant-store.test";

/** A fetch handler that has seen one list and the creates named. */
async function storeThatGot(...creates: object[]) {
  const handle = createPlantStoreFetchHandler({ seed: [] });
  await send(handle, "GET", "/plants?limit=2");
  for (const body of creates) await send(handle, "POST", "/plants", body);
  return handle;
}

function send(
  handle: (request: Request) => Promise<Response>,
  method: string,
  path: string,
  body?: object,
) {
  return handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { authorization: "Bearer bun-token", "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

/** The message of the assertion `run` makes, as Bun prints it (it puts its own header first). */
function failureOf(run: () => void): string {
  try {
    run();
  } catch (error) {
    return Bun.stripANSI((error as Error).message);
  }
  throw new Error("the assertion passed");
}

describe("toHaveReceived", () => {
  test("passes on a partial match and fails listing the closest request first, with a diff", async () => {
    const store = await storeThatGot(
      { name: "Rose", tag: "flower" },
      { name: "Fren", tag: "fern" },
    );
    expect(store).toHaveReceived("createPlant");
    expect(store).toHaveReceived("createPlant", { status: 201, body: { name: "Rose" } });
    expect(store).toHaveReceived("listPlants", { query: { limit: 2 } });
    expect(store).toHaveReceived("createPlant", { body: { name: expect.any(String) } });
    expect(
      failureOf(() =>
        expect(store).toHaveReceived("createPlant", { body: { name: "Fern", tag: "fern" } }),
      ),
    ).toBe(
      [
        "expect(received).toHaveReceived(operation, expected)",
        "",
        "expect(plantStore).toHaveReceived(operation, expected)",
        "",
        'Expected: a createPlant request matching {"body":{"name":"Fern","tag":"fern"}}',
        "Received: 2 createPlant requests, closest first:",
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
        '  2: POST /plants 201 {"name":"Rose","tag":"flower"}',
      ].join("\n"),
    );
  });

  test("fails naming the other requests when none was of the operation", async () => {
    const store = await storeThatGot();
    expect(failureOf(() => expect(store).toHaveReceived("createPlant"))).toBe(
      [
        "expect(received).toHaveReceived(operation, expected)",
        "",
        "expect(plantStore).toHaveReceived(operation)",
        "",
        "Expected: a createPlant request",
        "Received: no createPlant request; 1 other request:",
        "  1: GET /plants?limit=2 200",
      ].join("\n"),
    );
  });

  test(".not passes when none matches and fails listing the matching ones", async () => {
    const store = await storeThatGot({ name: "Fern" });
    expect(store).not.toHaveReceived("createPlant", { body: { name: "Rose" } });
    expect(store).not.toHaveReceived("createPlant", { body: { name: "Fern", tag: "fern" } });
    expect(failureOf(() => expect(store).not.toHaveReceived("createPlant"))).toBe(
      [
        "expect(received).toHaveReceived(operation, expected)",
        "",
        "expect(plantStore).not.toHaveReceived(operation)",
        "",
        "Expected: no createPlant request",
        "Received: 1 matching request:",
        '  1: POST /plants 201 {"name":"Fern"}',
      ].join("\n"),
    );
  });
});

describe("toHaveReceivedTimes", () => {
  test("passes on the exact count and fails showing the requests", async () => {
    const store = await storeThatGot({ name: "Fern" });
    expect(store).toHaveReceivedTimes("createPlant", 1);
    expect(failureOf(() => expect(store).toHaveReceivedTimes("listPlants", 2))).toBe(
      [
        "expect(received).toHaveReceivedTimes(operation, times)",
        "",
        "expect(plantStore).toHaveReceivedTimes(operation, times)",
        "",
        "Expected: 2 listPlants requests",
        "Received: 1 listPlants request:",
        "  1: GET /plants?limit=2 200",
      ].join("\n"),
    );
  });

  test(".not fails on the count it names", async () => {
    const store = await storeThatGot();
    expect(store).not.toHaveReceivedTimes("createPlant", 1);
    expect(failureOf(() => expect(store).not.toHaveReceivedTimes("createPlant", 0))).toBe(
      [
        "expect(received).toHaveReceivedTimes(operation, times)",
        "",
        "expect(plantStore).not.toHaveReceivedTimes(operation, times)",
        "",
        "Expected: not 0 createPlant requests",
        "Received: no createPlant request",
      ].join("\n"),
    );
  });
});

describe("toHaveNoContractViolations", () => {
  test("passes on a clean journal and fails naming the request and the rule", async () => {
    expect(await storeThatGot({ name: "Fern" })).toHaveNoContractViolations();
    const store = await storeThatGot({ name: "" });
    const [violation] = store.violations();
    expect(failureOf(() => expect(store).toHaveNoContractViolations())).toBe(
      [
        "expect(received).toHaveNoContractViolations()",
        "",
        "expect(plantStore).toHaveNoContractViolations()",
        "",
        "Expected: no contract violation",
        "Received: 1 contract violation:",
        `  1: POST /plants 400: ${violation?.violation}`,
      ].join("\n"),
    );
  });

  test(".not passes on a violation and fails without one", async () => {
    expect(await storeThatGot({ name: "" })).not.toHaveNoContractViolations();
    const clean = await storeThatGot();
    expect(failureOf(() => expect(clean).not.toHaveNoContractViolations())).toBe(
      [
        "expect(received).toHaveNoContractViolations()",
        "",
        "expect(plantStore).not.toHaveNoContractViolations()",
        "",
        "Expected: at least one contract violation",
        "Received: none",
      ].join("\n"),
    );
  });

  test("refuses what is not a Plant Store, naming it", () => {
    expect(() => expect([]).toHaveNoContractViolations()).toThrow(
      "toHaveNoContractViolations: expect() was given an array of 0; pass the MSW handler set, the fetch handler, the server or a sandbox (an object with requests()).",
    );
  });
});
