import { describe, expect, it } from "vitest";
import {
  createPlantStoreClient,
  type ListPlantsParams,
  type NewPlant,
  type PlantStoreCallOptions,
} from "../../src/client/index.js";
import { json, stubFetch } from "./stub-fetch.js";

const client = (fetch = stubFetch(json([]))) =>
  Object.assign(createPlantStoreClient({ baseUrl: "https://p.example", token: "t", fetch }), {
    fetch,
  });

const LIMIT = "limit must be an integer from 0 to 2147483647";
const PARAMS = "params must be an object with limit only";
const NAME = "name must be a non-empty string";

describe("list parameters that can never succeed", () => {
  it.each([-1, 1.5, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY])(
    "refuse limit %s with a RangeError, sending nothing",
    async (limit) => {
      const c = client();
      await expect(c.listPlants({ limit })).rejects.toThrow(new RangeError(LIMIT));
      expect(c.fetch.requests).toHaveLength(0);
    },
  );

  it.each(["10", null, true])(
    "refuse limit %j with a TypeError, sending nothing",
    async (limit) => {
      const c = client();
      const call = c.listPlants({ limit: limit as unknown as number });
      await expect(call).rejects.toThrow(new TypeError(LIMIT));
      await expect(call).rejects.not.toBeInstanceOf(RangeError);
      expect(c.fetch.requests).toHaveLength(0);
    },
  );

  it("accept the int32 bounds 0 and 2147483647, and no params at all", async () => {
    const c = client();
    await c.listPlants({ limit: 0 });
    await c.listPlants({ limit: 2 ** 31 - 1 });
    await c.listPlants({});
    await c.listPlants();
    expect(c.fetch.requests.map((r) => new URL(r.url).search)).toEqual([
      "?limit=0",
      "?limit=2147483647",
      "",
      "",
    ]);
  });

  it.each([
    ["a string", "limit=5", TypeError],
    ["a number", 5, TypeError],
    ["null", null, TypeError],
    ["a field the API does not have", { limit: 5, tag: "shade" }, TypeError],
  ])("refuse params that are %s, sending nothing", async (_, params, errorClass) => {
    const c = client();
    const call = c.listPlants(params as ListPlantsParams);
    await expect(call).rejects.toThrow(new errorClass(PARAMS));
    await expect(call).rejects.toBeInstanceOf(errorClass);
    expect(c.fetch.requests).toHaveLength(0);
  });
});

describe("plants that can never be created", () => {
  it.each([{ name: "" }, {}, { name: 1 }, { name: null }, null, undefined, "Fern"])(
    "refuse the plant %j with a TypeError, sending nothing",
    async (plant) => {
      const c = client();
      const call = c.createPlant(plant as unknown as NewPlant);
      await expect(call).rejects.toThrow(new TypeError(NAME));
      await expect(call).rejects.not.toBeInstanceOf(RangeError);
      expect(c.fetch.requests).toHaveLength(0);
    },
  );
});

describe("call options that can never work", () => {
  it.each([
    ["signal", { signal: "abort" }, "signal must be an AbortSignal"],
    ["signal", { signal: {} }, "signal must be an AbortSignal"],
    ["signal", { signal: null }, "signal must be an AbortSignal"],
    ["retry", { retry: "yes" }, "retry must be true or false"],
    ["retry", { retry: 1 }, "retry must be true or false"],
    ["retry", { retry: null }, "retry must be true or false"],
  ])("refuse a bad %s (%j) with a TypeError on list and create", async (_, options, message) => {
    const c = client();
    const callOptions = options as unknown as PlantStoreCallOptions;
    await expect(c.listPlants({}, callOptions)).rejects.toThrow(new TypeError(message));
    await expect(c.createPlant({ name: "Fern" }, callOptions)).rejects.toThrow(
      new TypeError(message),
    );
    expect(c.fetch.requests).toHaveLength(0);
  });

  it("accept a real AbortSignal and a boolean retry", async () => {
    const c = client(stubFetch(json([]), json({ name: "Fern" }, 201)));
    const signal = new AbortController().signal;
    await expect(c.listPlants({}, { signal, retry: false })).resolves.toEqual([]);
    await expect(c.createPlant({ name: "Fern" }, { signal, retry: true })).resolves.toEqual({
      name: "Fern",
    });
  });
});
