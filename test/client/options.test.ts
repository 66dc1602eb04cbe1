import { describe, expect, it } from "vitest";
import { createPlantStoreClient, type PlantStoreClientOptions } from "../../src/client/index.js";
import { json, stubFetch } from "./stub-fetch.js";

const valid: PlantStoreClientOptions = {
  baseUrl: "https://plants.example/v1",
  token: "t",
  fetch: stubFetch(json([])),
};

/** What createPlantStoreClient throws for `valid` with `change` applied. */
function creationError(change: Record<string, unknown>): Error {
  try {
    createPlantStoreClient({ ...valid, ...change } as PlantStoreClientOptions);
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected createPlantStoreClient to throw");
}

function expectRefused(
  change: Record<string, unknown>,
  errorClass: typeof TypeError,
  message: string,
) {
  const error = creationError(change);
  expect(error).toBeInstanceOf(errorClass);
  // A RangeError is not a TypeError and the other way round, so the class says which it was.
  expect(error.constructor).toBe(errorClass);
  expect(error.message).toBe(message);
}

const BASE_URL = "baseUrl must be an absolute http(s) URL without query, fragment or credentials";
const TOKEN = "token must be a bearer token (RFC 6750) or a function returning one";
const TIMEOUT = "timeout must be a number of ms above 0 and at most 2147483647, or Infinity";
const HEADERS = "headers must be an object of valid header names and values";

describe("createPlantStoreClient refuses options that can never work, when it is called", () => {
  it("refuses missing options with the first option it needs", () => {
    expect(() => createPlantStoreClient(undefined as unknown as PlantStoreClientOptions)).toThrow(
      new TypeError(BASE_URL),
    );
  });

  it.each([
    undefined,
    42,
    null,
    "",
    "/v1",
    "plants.example",
    "http://",
    "ftp://plants.example",
    "https://plants.example/v1?apikey=1",
    "https://plants.example/v1?",
    "https://plants.example/v1#top",
    "https://user:secret@plants.example",
  ])("refuses baseUrl %j with a TypeError", (baseUrl) => {
    expectRefused({ baseUrl }, TypeError, BASE_URL);
  });

  it.each(["http://127.0.0.1:3000", "https://plants.example/v1/", "HTTPS://Plants.Example/@team"])(
    "accepts baseUrl %j",
    (baseUrl) => {
      expect(() => createPlantStoreClient({ ...valid, baseUrl })).not.toThrow();
    },
  );

  it.each([undefined, null, 42, {}, ["t"]])("refuses token %j with a TypeError", (token) => {
    expectRefused({ token }, TypeError, TOKEN);
  });

  it.each([
    ["empty", ""],
    ["with a space", "abc def"],
    ["with CR/LF", "s3cret\r\nX-Injected: 1"],
    ["with a quote", 's3cret"'],
    ["with = inside", "ab=cd"],
  ])("refuses a token %s with a TypeError that does not show it", (_, token) => {
    const error = creationError({ token });
    expect(error.constructor).toBe(TypeError);
    expect(error.message).toBe(TOKEN);
    if (token) expect(String(error.stack)).not.toContain(token);
  });

  it.each(["eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo", "a-._~+/b=="])(
    "accepts the bearer token %s",
    (token) => {
      expect(() => createPlantStoreClient({ ...valid, token })).not.toThrow();
    },
  );

  it.each(["fetch", null, {}, 1])("refuses fetch %j with a TypeError", (fetch) => {
    expectRefused({ fetch }, TypeError, "fetch must be a function");
  });

  it.each(["X-A: 1", 5, null])("refuses headers %j with a TypeError", (headers) => {
    expectRefused({ headers }, TypeError, HEADERS);
  });

  it.each([
    ["a name with a space", { "X A": "1" }],
    ["a value with CR/LF", { "X-Api-Key": "s3cret\r\nX-Injected: 1" }],
  ])("refuses headers with %s with a TypeError that does not show the value", (_, headers) => {
    const error = creationError({ headers });
    expect(error.constructor).toBe(TypeError);
    expect(error.message).toBe(HEADERS);
    expect(String(error.stack)).not.toContain("s3cret");
  });

  it("accepts headers as Headers or as [name, value] pairs too", async () => {
    const fetch = stubFetch(json([]));
    for (const headers of [new Headers({ "X-A": "1" }), [["X-A", "1"]]]) {
      await createPlantStoreClient({
        ...valid,
        fetch,
        headers: headers as unknown as Record<string, string>,
      }).listPlants();
    }
    expect(fetch.requests.map((request) => request.headers.get("X-A"))).toEqual(["1", "1"]);
  });

  it.each([0, -1, Number.NaN, 2 ** 31, 2 ** 31 - 0.5, Number.NEGATIVE_INFINITY])(
    "refuses timeout %s with a RangeError",
    (timeout) => {
      expectRefused({ timeout }, RangeError, TIMEOUT);
    },
  );

  it.each([null, "1000", true])("refuses timeout %j with a TypeError", (timeout) => {
    expectRefused({ timeout }, TypeError, TIMEOUT);
  });

  it.each([1, 0.5, 2 ** 31 - 1, Number.POSITIVE_INFINITY])("accepts timeout %s", (timeout) => {
    expect(() => createPlantStoreClient({ ...valid, timeout })).not.toThrow();
  });

  it.each([
    [Number.NaN, RangeError, "retries"],
    [-1, RangeError, "retries"],
    [1.5, RangeError, "retries"],
    [Number.POSITIVE_INFINITY, RangeError, "retries"],
    ["1", TypeError, "retries"],
    [null, TypeError, "retries"],
    [{ limit: Number.NaN }, RangeError, "retries.limit"],
    [{ limit: -2 }, RangeError, "retries.limit"],
    [{ limit: "2" }, TypeError, "retries.limit"],
  ])("refuses retries %j, naming %s", (retries, errorClass, name) => {
    expectRefused(
      { retries },
      errorClass as typeof TypeError,
      `${name} must be a whole number, 0 or more`,
    );
  });

  it.each(["yes", 1, null])("refuses retries.createPlant %j with a TypeError", (createPlant) => {
    expectRefused(
      { retries: { createPlant } },
      TypeError,
      "retries.createPlant must be true or false",
    );
  });

  it.each([
    [-1, RangeError],
    [Number.NaN, RangeError],
    ["100", TypeError],
  ])("refuses retries.maxDelay %j", (maxDelay, errorClass) => {
    expectRefused(
      { retries: { maxDelay } },
      errorClass as typeof TypeError,
      "retries.maxDelay must be a number of ms, 0 or more",
    );
  });

  it("accepts every documented retries form", () => {
    for (const retries of [
      0,
      5,
      {},
      { limit: 0, createPlant: true, maxDelay: 0 },
      { maxDelay: Infinity },
    ]) {
      expect(() => createPlantStoreClient({ ...valid, retries })).not.toThrow();
    }
  });

  it("reads fetch once, at creation: changing the options object later changes nothing", async () => {
    const first = stubFetch(json([{ name: "First" }]));
    const options = { ...valid, fetch: first };
    const client = createPlantStoreClient(options);
    options.fetch = stubFetch(json([{ name: "Second" }]));
    await expect(client.listPlants()).resolves.toEqual([{ name: "First" }]);
  });
});
