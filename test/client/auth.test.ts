import { describe, expect, it, vi } from "vitest";
import { createPlantStoreClient } from "../../src/client/index.js";
import { json, plants, stubFetch } from "./stub-fetch.js";

const baseUrl = "https://plants.example/v1";

describe("authentication", () => {
  it("sends a static token as a bearer token on every request", async () => {
    const fetch = stubFetch(json(plants), json(plants[0], 201));
    const client = createPlantStoreClient({ baseUrl, token: "secret-1", fetch });
    await client.listPlants();
    await client.createPlant({ name: "Monstera" });
    expect(fetch.requests.map((r) => r.headers.get("Authorization"))).toEqual([
      "Bearer secret-1",
      "Bearer secret-1",
    ]);
  });

  it("asks a synchronous token function before every request", async () => {
    const fetch = stubFetch(json(plants));
    let n = 0;
    const token = vi.fn(() => `token-${++n}`);
    const client = createPlantStoreClient({ baseUrl, token, fetch });
    await client.listPlants();
    await client.listPlants();
    expect(token).toHaveBeenCalledTimes(2);
    expect(fetch.requests.map((r) => r.headers.get("Authorization"))).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("awaits an async token function, so a refreshed token is used by the next call", async () => {
    const fetch = stubFetch(json(plants), json(plants[0], 201));
    let current = "old";
    const client = createPlantStoreClient({ baseUrl, token: async () => current, fetch });
    await client.listPlants();
    current = "refreshed";
    await client.createPlant({ name: "Fern" });
    expect(fetch.requests.map((r) => r.headers.get("Authorization"))).toEqual([
      "Bearer old",
      "Bearer refreshed",
    ]);
  });

  it("asks the token again for each retry", async () => {
    const fetch = stubFetch(
      new Response("busy", { status: 503, headers: { "Retry-After": "0" } }),
      json(plants),
    );
    let n = 0;
    const client = createPlantStoreClient({ baseUrl, token: () => `t${++n}`, fetch });
    await client.listPlants();
    expect(fetch.requests.map((r) => r.headers.get("Authorization"))).toEqual([
      "Bearer t1",
      "Bearer t2",
    ]);
  });

  it("surfaces the error of a token function that throws, and sends nothing", async () => {
    const fetch = stubFetch(json(plants));
    const failure = new Error("token store locked");
    const client = createPlantStoreClient({
      baseUrl,
      token: () => {
        throw failure;
      },
      fetch,
    });
    await expect(client.listPlants()).rejects.toBe(failure);
    expect(fetch.requests).toHaveLength(0);
  });

  it("surfaces the rejection of an async token function, without retrying", async () => {
    const fetch = stubFetch(json(plants));
    const failure = new Error("refresh failed");
    const token = vi.fn(() => Promise.reject(failure));
    const client = createPlantStoreClient({ baseUrl, token, fetch });
    await expect(client.createPlant({ name: "Fern" })).rejects.toBe(failure);
    await expect(client.listPlants()).rejects.toBe(failure);
    expect(token).toHaveBeenCalledTimes(2);
    expect(fetch.requests).toHaveLength(0);
  });

  it.each([
    ["with CR/LF", "s3cret\r\nX-Injected: 1"],
    ["empty", ""],
    ["not a string", 42],
  ])(
    "refuses a token %s from the function, without showing it, sending nothing, not retrying",
    async (_, value) => {
      const fetch = stubFetch(json(plants));
      const token = vi.fn(() => value as string);
      const client = createPlantStoreClient({ baseUrl, token, fetch });
      const error = await client.listPlants().catch((e: Error) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(
        "token must be a bearer token (RFC 6750) or a function returning one",
      );
      expect(String((error as Error).stack)).not.toContain("s3cret");
      expect(fetch.requests).toHaveLength(0);
      expect(token).toHaveBeenCalledTimes(1);
      // raw checks it the same way.
      await expect(client.raw.GET("/plants")).rejects.toBeInstanceOf(TypeError);
      expect(fetch.requests).toHaveLength(0);
    },
  );

  it("authenticates calls made through client.raw too", async () => {
    const fetch = stubFetch(json(plants));
    const client = createPlantStoreClient({ baseUrl, token: async () => "raw-token", fetch });
    const { data } = await client.raw.GET("/plants", { params: { query: { limit: 2 } } });
    expect(data).toEqual(plants);
    expect(fetch.requests[0]?.headers.get("Authorization")).toBe("Bearer raw-token");
    expect(fetch.requests[0]?.url).toBe(`${baseUrl}/plants?limit=2`);
  });
});
