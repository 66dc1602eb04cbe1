import { describe, expect, it } from "vitest";
import { createPlantStoreClient, type NewPlant } from "../../src/client/index.js";
import { json, stubFetch } from "./stub-fetch.js";

const client = (fetch = stubFetch(json([]))) =>
  Object.assign(createPlantStoreClient({ baseUrl: "https://p.example", token: "t", fetch }), {
    fetch,
  });

describe("arguments that can never succeed", () => {
  it.each([-1, 1.5, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY, "10", null])(
    "refuse limit %s with a TypeError, sending nothing",
    async (limit) => {
      const c = client();
      await expect(c.listPlants({ limit: limit as number })).rejects.toThrow(
        new TypeError("limit must be an integer from 0 to 2147483647"),
      );
      expect(c.fetch.requests).toHaveLength(0);
    },
  );

  it("accept the int32 bounds 0 and 2147483647", async () => {
    const c = client();
    await c.listPlants({ limit: 0 });
    await c.listPlants({ limit: 2 ** 31 - 1 });
    expect(c.fetch.requests.map((r) => new URL(r.url).search)).toEqual([
      "?limit=0",
      "?limit=2147483647",
    ]);
  });

  it.each([{}, { name: "" }, { name: 1 }, { name: null }, null, undefined, "Fern"])(
    "refuse the plant %j with a TypeError, sending nothing",
    async (plant) => {
      const c = client();
      await expect(c.createPlant(plant as unknown as NewPlant)).rejects.toThrow(
        new TypeError("name must be a non-empty string"),
      );
      expect(c.fetch.requests).toHaveLength(0);
    },
  );
});
