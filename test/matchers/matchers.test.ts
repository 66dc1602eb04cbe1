// The matchers in Vitest: each one passing and failing (and its .not form), with the message a
// failing test prints, on every kind of Plant Store they accept.
import { stripVTControlCharacters } from "node:util";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import { createPlantStoreClient } from "../../src/client/index.js";
import { plantStoreMatchers } from "../../src/matchers/vitest.js";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { startPlantStoreServer } from "../../src/server/index.js";

expect.extend(plantStoreMatchers);

const BASE = "http://plant-store.test";
const TOKEN = "matcher-token";

/** A fetch handler that has seen one list and the creates named. */
async function storeThatGot(...creates: object[]) {
  const handle = createPlantStoreFetchHandler({ tokens: [TOKEN], seed: [] });
  const client = createPlantStoreClient({ baseUrl: BASE, token: TOKEN, fetch: handle, retries: 0 });
  await client.listPlants({ limit: 2 });
  for (const body of creates) await send(handle, "POST", "/plants", body);
  return handle;
}

function send(
  handle: (r: Request) => Promise<Response>,
  method: string,
  path: string,
  body?: object,
) {
  return handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

/** The message of the assertion `run` makes, as the runner prints it without colours. */
function failureOf(run: () => void): string {
  try {
    run();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error("the assertion passed");
}

describe("toHaveReceived", () => {
  it("passes when a request of the operation matches the partial request", async () => {
    const store = await storeThatGot({ name: "Fern", tag: "fern" });
    expect(store).toHaveReceived("createPlant");
    expect(store).toHaveReceived("createPlant", { status: 201, body: { name: "Fern" } });
    expect(store).toHaveReceived("listPlants", { query: { limit: 2 } });
    expect(store).toHaveReceived("createPlant", { body: { name: expect.any(String) } });
  });

  it("fails listing the requests of the operation, closest first, with the closest one's diff", async () => {
    const store = await storeThatGot(
      { name: "Rose", tag: "flower" },
      { name: "Fren", tag: "fern" },
    );
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

  it("fails naming the other requests when none was of the operation", async () => {
    const store = await storeThatGot();
    expect(failureOf(() => expect(store).toHaveReceived("createPlant"))).toBe(
      [
        "expect(plantStore).toHaveReceived(operation)",
        "",
        "Expected: a createPlant request",
        "Received: no createPlant request; 1 other request:",
        "  1: GET /plants?limit=2 200",
      ].join("\n"),
    );
  });

  it("fails saying so when nothing was received at all", () => {
    const store = createPlantStoreFetchHandler();
    expect(failureOf(() => expect(store).toHaveReceived("listPlants"))).toBe(
      [
        "expect(plantStore).toHaveReceived(operation)",
        "",
        "Expected: a listPlants request",
        "Received: no request at all",
      ].join("\n"),
    );
  });

  it(".not passes when none matches and fails listing the matching ones", async () => {
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

describe("in a runner that lends no equality (Playwright's expect.extend)", () => {
  // What Playwright 1.65 gives a matcher as `this`: colours, a hint and a diff, and an
  // `equals` that only throws.
  const playwrightLike = {
    isNot: false,
    equals: () => {
      throw new Error("custom expect matchers that are not compatible with Playwright");
    },
    utils: {
      matcherHint: (name: string) => `expect(plantStore).${name}()`,
      EXPECTED_COLOR: (text: string) => text,
      RECEIVED_COLOR: (text: string) => text,
      diff: () => null,
    },
  };

  it("matches partial requests itself, asymmetric matchers included", async () => {
    const store = await storeThatGot({ name: "Fern", tag: "fern" });
    const { toHaveReceived } = plantStoreMatchers;
    const match = (expected: object) =>
      toHaveReceived.call(playwrightLike, store, "createPlant", expected).pass;
    expect(match({ status: 201, body: { name: "Fern" } })).toBe(true);
    expect(match({ body: { name: expect.any(String), tag: "fern" } })).toBe(true);
    expect(match({ body: { name: "Ivy" } })).toBe(false);
    expect(match({ status: 200 })).toBe(false);
    expect(
      toHaveReceived.call(playwrightLike, store, "listPlants", { query: { limit: 2 } }).pass,
    ).toBe(true);
  });
});

describe("toHaveReceivedTimes", () => {
  it("passes on the exact count and fails showing the requests", async () => {
    const store = await storeThatGot({ name: "Fern" }, { name: "Rose" });
    expect(store).toHaveReceivedTimes("createPlant", 2);
    expect(store).toHaveReceivedTimes("listPlants", 1);
    expect(failureOf(() => expect(store).toHaveReceivedTimes("createPlant", 1))).toBe(
      [
        "expect(plantStore).toHaveReceivedTimes(operation, times)",
        "",
        "Expected: 1 createPlant request",
        "Received: 2 createPlant requests:",
        '  1: POST /plants 201 {"name":"Fern"}',
        '  2: POST /plants 201 {"name":"Rose"}',
      ].join("\n"),
    );
  });

  it(".not fails on the count it names", async () => {
    const store = await storeThatGot();
    expect(store).not.toHaveReceivedTimes("listPlants", 2);
    expect(failureOf(() => expect(store).not.toHaveReceivedTimes("createPlant", 0))).toBe(
      [
        "expect(plantStore).not.toHaveReceivedTimes(operation, times)",
        "",
        "Expected: not 0 createPlant requests",
        "Received: no createPlant request",
      ].join("\n"),
    );
  });

  it("refuses an operation the API does not have, naming the matcher", async () => {
    const store = await storeThatGot();
    expect(() => expect(store).toHaveReceivedTimes("deletePlant" as never, 1)).toThrowError(
      new TypeError('toHaveReceivedTimes: operation must be "listPlants", "createPlant" or null.'),
    );
    expect(() => expect(store).not.toHaveReceived("listplants" as never)).toThrowError(
      new TypeError('toHaveReceived: operation must be "listPlants", "createPlant" or null.'),
    );
  });

  it("refuses a call that names no operation, rather than matching every request", async () => {
    const store = await storeThatGot({ name: "Fern" });
    const untyped = expect(store) as unknown as Record<string, (...args: unknown[]) => void>;
    expect(() => untyped.toHaveReceived?.()).toThrowError(
      new TypeError('toHaveReceived: operation must be "listPlants", "createPlant" or null.'),
    );
    expect(() => untyped.toHaveReceivedTimes?.(undefined, 3)).toThrowError(
      new TypeError('toHaveReceivedTimes: operation must be "listPlants", "createPlant" or null.'),
    );
  });

  it("refuses a count that is not a whole number", async () => {
    const store = await storeThatGot();
    expect(() => expect(store).toHaveReceivedTimes("listPlants", 1.5)).toThrowError(
      new RangeError("toHaveReceivedTimes: times must be a whole number, 0 or more; received 1.5."),
    );
    expect(() => expect(store).toHaveReceivedTimes("listPlants", "1" as never)).toThrowError(
      new TypeError(
        'toHaveReceivedTimes: times must be a whole number, 0 or more; received the string "1".',
      ),
    );
  });

  it("refuses an expected request that is no object, instead of failing with a diff", async () => {
    const store = await storeThatGot({ name: "Fern" });
    for (const matcher of [expect(store), expect(store).not]) {
      expect(() => matcher.toHaveReceived("createPlant", null as never)).toThrowError(
        new TypeError(
          'toHaveReceived: expected must be a partial request such as { body: { name: "Fern" } }; received null.',
        ),
      );
    }
    expect(() => expect(store).toHaveReceived("createPlant", "Fern" as never)).toThrowError(
      TypeError,
    );
  });
});

describe("toHaveNoContractViolations", () => {
  it("passes when every request kept the contract, scripted failures included", async () => {
    const store = await storeThatGot({ name: "Fern" });
    store.failNext("createPlant", { status: 400 });
    await send(store, "POST", "/plants", { name: "Rose" });
    expect(store).toHaveNoContractViolations();
  });

  it("fails naming each request that broke the contract and the rule", async () => {
    const store = await storeThatGot({ name: "" });
    await send(store, "DELETE", "/plants");
    const message = failureOf(() => expect(store).toHaveNoContractViolations());
    const [empty, deleted] = store.violations();
    expect(message).toBe(
      [
        "expect(plantStore).toHaveNoContractViolations()",
        "",
        "Expected: no contract violation",
        "Received: 2 contract violations:",
        `  1: POST /plants 400: ${empty?.violation}`,
        `  2: DELETE /plants 405: ${deleted?.violation}`,
      ].join("\n"),
    );
    expect(empty?.violation).toMatch(/\bname\b/);
  });

  it("fails on an answer the test scripted that the contract forbids, listed with the caller's violations in order", async () => {
    const store = await storeThatGot({ name: "" });
    store.respondWith("listPlants", () => ({ status: 200, body: [{ name: 5 }] }) as never);
    await send(store, "GET", "/plants");
    expect(store.requests().at(-1)).toMatchObject({
      status: 500,
      scripted: "respondWith",
      scriptProblem: "respondWith: body[0].name must be a string.",
    });
    const [empty] = store.violations();
    expect(failureOf(() => expect(store).toHaveNoContractViolations())).toBe(
      [
        "expect(plantStore).toHaveNoContractViolations()",
        "",
        "Expected: no contract violation",
        "Received: 2 contract violations:",
        `  1: POST /plants 400: ${empty?.violation}`,
        "  2: GET /plants 500: respondWith: body[0].name must be a string.",
      ].join("\n"),
    );
  });

  it(".not passes on a violation and fails without one", async () => {
    const store = await storeThatGot({ name: "" });
    expect(store).not.toHaveNoContractViolations();
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
});

describe("what the matchers accept", () => {
  describe("the MSW handler set", () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE, tokens: [TOKEN], seed: [] });
    const server = setupServer(...plantStore.handlers);
    beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
    afterAll(() => server.close());

    it("reads its journal", async () => {
      const client = createPlantStoreClient({ baseUrl: BASE, token: TOKEN });
      await client.createPlant({ name: "Fern" });
      expect(plantStore).toHaveReceived("createPlant", { body: { name: "Fern" } });
      expect(plantStore).toHaveNoContractViolations();
    });

    it("refuses its handlers array, naming what was passed", () => {
      expect(() => expect(plantStore.handlers).toHaveReceived("listPlants")).toThrowError(
        new TypeError(
          "toHaveReceived: expect() was given an array of 2; pass the MSW handler set, the fetch handler, the server or a sandbox (an object with requests()).",
        ),
      );
    });
  });

  it("the server object", async () => {
    const running = await startPlantStoreServer({ tokens: [TOKEN], seed: [] });
    try {
      const client = createPlantStoreClient({ baseUrl: running.url, token: TOKEN });
      await client.listPlants();
      expect(running).toHaveReceivedTimes("listPlants", 1);
      expect(running).toHaveNoContractViolations();
    } finally {
      await running.close();
    }
  });

  it("a sandbox, which sees only its own requests", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    const sandbox = handle.createSandbox();
    const client = createPlantStoreClient({ baseUrl: BASE, token: sandbox.token, fetch: handle });
    await client.createPlant({ name: "Fern" });
    expect(sandbox).toHaveReceived("createPlant", { body: { name: "Fern" } });
    expect(sandbox).toHaveNoContractViolations();
    expect(handle).not.toHaveReceived("createPlant");
  });

  it("not the admin client, whose answers come later: the error says what to do", async () => {
    const running = await startPlantStoreServer({ admin: true, seed: [] });
    try {
      const admin = createPlantStoreAdmin({ baseUrl: running.url });
      expect(() => expect(admin).toHaveReceived("listPlants")).toThrowError(
        new TypeError(
          "toHaveReceived: expect() was given an object whose requests() answers a promise, not a list; the admin client's answers come later, so assert on `await admin.requests(filter)` instead.",
        ),
      );
    } finally {
      await running.close();
    }
  });

  it("nothing else: the error names what was passed", () => {
    expect(() => expect({ listen() {} }).not.toHaveNoContractViolations()).toThrowError(
      new TypeError(
        "toHaveNoContractViolations: expect() was given an object without requests() (its keys: listen); pass the MSW handler set, the fetch handler, the server or a sandbox (an object with requests()).",
      ),
    );
    expect(() => expect({ requests: () => [] }).toHaveNoContractViolations()).toThrowError(
      new TypeError(
        "toHaveNoContractViolations: expect() was given an object with requests() but no violations(); pass the MSW handler set, the fetch handler, the server or a sandbox.",
      ),
    );
    expect(() => expect(undefined).toHaveReceivedTimes("listPlants", 1)).toThrowError(
      new TypeError(
        "toHaveReceivedTimes: expect() was given undefined; pass the MSW handler set, the fetch handler, the server or a sandbox (an object with requests()).",
      ),
    );
  });
});
