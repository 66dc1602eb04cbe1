// The matchers' suite as a Bun or Jest user meets it: each matcher passing and failing (and its
// .not form), with the message a failing test prints. test/matchers/bun/matchers.spec.ts and
// test/matchers/jest/matchers.test.cjs run it with their runner's own describe, test and expect
// (extended with the package's matchers) and the fetch handler from the built package. CommonJS,
// so that Jest loads it untransformed; Vitest runs the same checks in ../matchers.test.ts.
const { stripVTControlCharacters } = require("node:util");

const BASE = "http://plant-store.test";

/**
 * @param {object} runner
 * @param {Function} runner.describe
 * @param {Function} runner.test
 * @param {any} runner.expect
 * @param {(options: object) => (request: Request) => Promise<Response>} runner.createPlantStoreFetchHandler
 * @param {(signature: string) => string[]} runner.header the lines the runner prints before a
 *   matcher's own message (Bun names the matcher's signature; Jest prints none)
 */
function runMatcherSuite({ describe, test, expect, createPlantStoreFetchHandler, header }) {
  /** A fetch handler that has seen one list and the creates named. */
  async function storeThatGot(...creates) {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    await send(handle, "GET", "/plants?limit=2");
    for (const body of creates) await send(handle, "POST", "/plants", body);
    return handle;
  }

  /** The message of the assertion `run` makes, as the runner prints it, without colour. */
  function failureOf(run) {
    try {
      run();
    } catch (error) {
      return stripVTControlCharacters(error.message);
    }
    throw new Error("the assertion passed");
  }

  /** The whole message a failing matcher prints: the runner's header, then the matcher's lines. */
  const printed = (signature, ...lines) => [...header(signature), ...lines].join("\n");

  describe("toHaveReceived", () => {
    const signature = "toHaveReceived(operation, expected)";

    test("passes on a partial match and fails listing the closest request first, with a diff", async () => {
      const store = await storeThatGot(
        { name: "Rose", tag: "flower" },
        { name: "Fren", tag: "fern" },
      );
      expect(store).toHaveReceived("createPlant");
      expect(store).toHaveReceived("createPlant", { status: 201, body: { name: "Rose" } });
      expect(store).toHaveReceived("listPlants", { query: { limit: 2 } });
      expect(store).toHaveReceived("createPlant", { body: { name: expect.any(String) } });
      const message = failureOf(() =>
        expect(store).toHaveReceived("createPlant", { body: { name: "Fern", tag: "fern" } }),
      );
      const lines = message.split("\n");
      const start = printed(
        signature,
        "expect(plantStore).toHaveReceived(operation, expected)",
        "",
        'Expected: a createPlant request matching {"body":{"name":"Fern","tag":"fern"}}',
        "Received: 2 createPlant requests, closest first:",
        '  1: POST /plants 201 {"name":"Fren","tag":"fern"}',
      );
      expect(lines.slice(0, start.split("\n").length).join("\n")).toBe(start);
      expect(message).toContain('-     "name": "Fern",');
      expect(message).toContain('+     "name": "Fren",');
      expect(lines.at(-1)).toBe('  2: POST /plants 201 {"name":"Rose","tag":"flower"}');
    });

    test("fails naming the other requests when none was of the operation", async () => {
      const store = await storeThatGot();
      expect(failureOf(() => expect(store).toHaveReceived("createPlant"))).toBe(
        printed(
          signature,
          "expect(plantStore).toHaveReceived(operation)",
          "",
          "Expected: a createPlant request",
          "Received: no createPlant request; 1 other request:",
          "  1: GET /plants?limit=2 200",
        ),
      );
    });

    test(".not passes when none matches and fails listing the matching ones", async () => {
      const store = await storeThatGot({ name: "Fern" });
      expect(store).not.toHaveReceived("createPlant", { body: { name: "Rose" } });
      expect(store).not.toHaveReceived("createPlant", { body: { name: "Fern", tag: "fern" } });
      expect(failureOf(() => expect(store).not.toHaveReceived("createPlant"))).toBe(
        printed(
          signature,
          "expect(plantStore).not.toHaveReceived(operation)",
          "",
          "Expected: no createPlant request",
          "Received: 1 matching request:",
          '  1: POST /plants 201 {"name":"Fern"}',
        ),
      );
    });
  });

  describe("toHaveReceivedTimes", () => {
    const signature = "toHaveReceivedTimes(operation, times)";

    test("passes on the exact count and fails showing the requests", async () => {
      const store = await storeThatGot({ name: "Fern" });
      expect(store).toHaveReceivedTimes("createPlant", 1);
      expect(failureOf(() => expect(store).toHaveReceivedTimes("listPlants", 2))).toBe(
        printed(
          signature,
          "expect(plantStore).toHaveReceivedTimes(operation, times)",
          "",
          "Expected: 2 listPlants requests",
          "Received: 1 listPlants request:",
          "  1: GET /plants?limit=2 200",
        ),
      );
    });

    test(".not fails on the count it names", async () => {
      const store = await storeThatGot();
      expect(store).not.toHaveReceivedTimes("createPlant", 1);
      expect(failureOf(() => expect(store).not.toHaveReceivedTimes("createPlant", 0))).toBe(
        printed(
          signature,
          "expect(plantStore).not.toHaveReceivedTimes(operation, times)",
          "",
          "Expected: not 0 createPlant requests",
          "Received: no createPlant request",
        ),
      );
    });
  });

  describe("toHaveNoContractViolations", () => {
    const signature = "toHaveNoContractViolations()";

    test("passes on a clean journal and fails naming the request and the rule", async () => {
      expect(await storeThatGot({ name: "Fern" })).toHaveNoContractViolations();
      const store = await storeThatGot({ name: "" });
      const [violation] = store.violations();
      expect(failureOf(() => expect(store).toHaveNoContractViolations())).toBe(
        printed(
          signature,
          "expect(plantStore).toHaveNoContractViolations()",
          "",
          "Expected: no contract violation",
          "Received: 1 contract violation:",
          `  1: POST /plants 400: ${violation?.violation}`,
        ),
      );
    });

    test(".not passes on a violation and fails without one", async () => {
      expect(await storeThatGot({ name: "" })).not.toHaveNoContractViolations();
      const clean = await storeThatGot();
      expect(failureOf(() => expect(clean).not.toHaveNoContractViolations())).toBe(
        printed(
          signature,
          "expect(plantStore).not.toHaveNoContractViolations()",
          "",
          "Expected: at least one contract violation",
          "Received: none",
        ),
      );
    });

    test("refuses what is not a Plant Store, naming it", () => {
      expect(() => expect([]).toHaveNoContractViolations()).toThrow(
        "toHaveNoContractViolations: expect() was given an array of 0; pass the MSW handler set, the fetch handler, the server or a sandbox (an object with requests()).",
      );
    });
  });

  return { storeThatGot, failureOf };
}

function send(handle, method, path, body) {
  return handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { authorization: "Bearer runner-token", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

module.exports = { runMatcherSuite };
