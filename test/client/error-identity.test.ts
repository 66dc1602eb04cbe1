// `instanceof` across two copies of the SDK (as an app that loads both the ESM and the CJS
// build has): vi.resetModules() makes the second import a fresh copy with classes of its own.
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as first from "../../src/client/index.js";
import { apiError, stubFetch } from "./stub-fetch.js";

type Sdk = typeof first;
let second: Sdk;

beforeAll(async () => {
  vi.resetModules();
  second = await import("../../src/client/index.js");
});

const baseUrl = "https://plants.example";

async function errorsOf(sdk: Sdk) {
  const fail = (fetch: first.PlantStoreFetch) =>
    sdk
      .createPlantStoreClient({ baseUrl, token: "t", fetch, timeout: 1, retries: 0 })
      .listPlants()
      .catch((error: unknown) => error);
  return {
    api: await fail(stubFetch(apiError(409, "taken"))),
    connection: await fail(stubFetch(new TypeError("fetch failed"))),
    timeout: await fail(stubFetch("hang")),
  };
}

describe("SDK errors across two copies of the package", () => {
  it("are really two sets of classes", () => {
    expect(second.PlantStoreApiError).not.toBe(first.PlantStoreApiError);
  });

  it("answer instanceof for the other copy's classes as for their own", async () => {
    for (const [made, checked] of [
      [second, first],
      [first, second],
    ] as const) {
      const { api, connection, timeout } = await errorsOf(made);
      expect(api).toBeInstanceOf(checked.PlantStoreApiError);
      expect(api).toBeInstanceOf(checked.PlantStoreError);
      expect(api).not.toBeInstanceOf(checked.PlantStoreConnectionError);
      expect(connection).toBeInstanceOf(checked.PlantStoreConnectionError);
      expect(connection).not.toBeInstanceOf(checked.PlantStoreTimeoutError);
      expect(connection).not.toBeInstanceOf(checked.PlantStoreApiError);
      expect(timeout).toBeInstanceOf(checked.PlantStoreTimeoutError);
      expect(timeout).toBeInstanceOf(checked.PlantStoreConnectionError);
      expect(timeout).toBeInstanceOf(checked.PlantStoreError);
      expect(timeout).toBeInstanceOf(Error);
    }
  });

  it("keep their names, in the stack too", async () => {
    const { api, timeout } = await errorsOf(second);
    expect((api as Error).name).toBe("PlantStoreApiError");
    expect((api as Error).stack).toMatch(/^PlantStoreApiError: GET /);
    expect((timeout as Error).name).toBe("PlantStoreTimeoutError");
  });

  it("leave subclasses of your own to the usual rule", () => {
    class MyApiError extends first.PlantStoreApiError {}
    const plain = new second.PlantStoreApiError(
      "GET",
      "u",
      new Response(null, { status: 500 }),
      "",
    );
    const mine = new MyApiError("GET", "u", new Response(null, { status: 500 }), "");
    expect(plain).not.toBeInstanceOf(MyApiError);
    expect(mine).toBeInstanceOf(MyApiError);
    expect(mine).toBeInstanceOf(second.PlantStoreApiError);
    expect(mine).toBeInstanceOf(second.PlantStoreError);
  });

  it.each([null, undefined, 5, "PlantStoreError", {}, Object.create(null), new Error("x")])(
    "are not matched by %s",
    (value) => {
      expect(value instanceof first.PlantStoreError).toBe(false);
      expect(value instanceof second.PlantStoreApiError).toBe(false);
    },
  );
});
