// The matchers in Jest: each one passing and failing (and its .not form), with the message a
// failing test prints. Vitest runs the same checks in test/matchers/matchers.test.ts.
const { stripVTControlCharacters } = require("node:util");
const { plantStoreMatchers } = require("plant-store-sdk/matchers/jest");
const { createPlantStoreFetchHandler } = require("plant-store-sdk/mock");

expect.extend(plantStoreMatchers);

const BASE = "http://plant-store.test";

/** A fetch handler that has seen one list and the creates named. */
async function storeThatGot(...creates) {
  const handle = createPlantStoreFetchHandler({ seed: [] });
  await send(handle, "GET", "/plants?limit=2");
  for (const body of creates) await send(handle, "POST", "/plants", body);
  return handle;
}

function send(handle, method, path, body) {
  return handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { authorization: "Bearer jest-token", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

function failureOf(run) {
  try {
    run();
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error("the assertion passed");
}

describe("toHaveReceived", () => {
  test("passes on a partial match and fails listing the closest request first", async () => {
    const store = await storeThatGot(
      { name: "Rose", tag: "flower" },
      { name: "Fren", tag: "fern" },
    );
    expect(store).toHaveReceived("createPlant", { status: 201, body: { name: "Rose" } });
    expect(store).toHaveReceived("listPlants", { query: { limit: 2 } });
    const message = failureOf(() =>
      expect(store).toHaveReceived("createPlant", { body: { name: "Fern", tag: "fern" } }),
    );
    const lines = message.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "expect(plantStore).toHaveReceived(operation, expected)",
      "",
      'Expected: a createPlant request matching {"body":{"name":"Fern","tag":"fern"}}',
      "Received: 2 createPlant requests, closest first:",
      '  1: POST /plants 201 {"name":"Fren","tag":"fern"}',
    ]);
    expect(message).toContain('-     "name": "Fern",');
    expect(message).toContain('+     "name": "Fren",');
    expect(lines.at(-1)).toBe('  2: POST /plants 201 {"name":"Rose","tag":"flower"}');
  });

  test(".not passes when none matches and fails listing the matching ones", async () => {
    const store = await storeThatGot({ name: "Fern" });
    expect(store).not.toHaveReceived("createPlant", { body: { name: "Rose" } });
    expect(failureOf(() => expect(store).not.toHaveReceived("createPlant"))).toBe(
      [
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
        "expect(plantStore).toHaveNoContractViolations()",
        "",
        "Expected: no contract violation",
        "Received: 1 contract violation:",
        `  1: POST /plants 400: ${violation.violation}`,
      ].join("\n"),
    );
  });

  test(".not passes on a violation and fails without one", async () => {
    expect(await storeThatGot({ name: "" })).not.toHaveNoContractViolations();
    const clean = await storeThatGot();
    expect(failureOf(() => expect(clean).not.toHaveNoContractViolations())).toBe(
      [
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
