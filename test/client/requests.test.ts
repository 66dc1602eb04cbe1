import { afterEach, describe, expect, it, vi } from "vitest";
import { sdkUserAgent } from "../../src/client/client.js";
import { createPlantStoreClient, SDK_VERSION } from "../../src/client/index.js";
import { json, plants, stubFetch } from "./stub-fetch.js";

const token = "t";

describe("requests", () => {
  it("lists with GET {baseUrl}/plants and returns the plants", async () => {
    const fetch = stubFetch(json(plants));
    const client = createPlantStoreClient({ baseUrl: "https://plants.example", token, fetch });
    await expect(client.listPlants()).resolves.toEqual(plants);
    expect(fetch.requests[0]?.method).toBe("GET");
    expect(fetch.requests[0]?.url).toBe("https://plants.example/plants");
  });

  it("sends limit as a query parameter, 0 included", async () => {
    const fetch = stubFetch(json([]));
    const client = createPlantStoreClient({ baseUrl: "https://plants.example", token, fetch });
    await client.listPlants({ limit: 10 });
    await client.listPlants({ limit: 0 });
    await client.listPlants({});
    expect(fetch.requests.map((r) => r.url)).toEqual([
      "https://plants.example/plants?limit=10",
      "https://plants.example/plants?limit=0",
      "https://plants.example/plants",
    ]);
  });

  it("keeps a path prefix in the base URL, with or without a trailing slash", async () => {
    const fetch = stubFetch(json([]));
    for (const baseUrl of ["https://host.example/api/v1", "https://host.example/api/v1/"]) {
      await createPlantStoreClient({ baseUrl, token, fetch }).listPlants({ limit: 1 });
    }
    expect(fetch.requests.map((r) => r.url)).toEqual([
      "https://host.example/api/v1/plants?limit=1",
      "https://host.example/api/v1/plants?limit=1",
    ]);
  });

  it("says which base URL it sends to, as its requests show it", () => {
    for (const baseUrl of ["https://HOST.example/api/v1/", "https://host.example:443/api/v1"]) {
      expect(createPlantStoreClient({ baseUrl, token }).baseUrl).toBe(
        "https://host.example/api/v1",
      );
    }
    expect(createPlantStoreClient({ baseUrl: "http://127.0.0.1:4010", token }).baseUrl).toBe(
      "http://127.0.0.1:4010",
    );
  });

  it("creates with POST and a JSON body, returning the stored plant", async () => {
    const fetch = stubFetch(json({ name: "Monstera", tag: "tropical" }, 201));
    const client = createPlantStoreClient({ baseUrl: "https://plants.example/v1", token, fetch });
    const created = await client.createPlant({ name: "Monstera", tag: "tropical", id: 7 });
    expect(created).toEqual({ name: "Monstera", tag: "tropical" });
    const request = fetch.requests[0] as Request;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("https://plants.example/v1/plants");
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(await request.json()).toEqual({ name: "Monstera", tag: "tropical", id: 7 });
  });

  it.each([200, 201])("treats %i as a successful create", async (status) => {
    const fetch = stubFetch(json({ name: "Fern" }, status));
    const client = createPlantStoreClient({ baseUrl: "https://plants.example", token, fetch });
    await expect(client.createPlant({ name: "Fern" })).resolves.toEqual({ name: "Fern" });
  });

  it.each([
    ["204 without a body", new Response(null, { status: 204 })],
    ["201 with an empty body", new Response("", { status: 201 })],
    [
      "200 with Content-Length: 0",
      new Response("", { status: 200, headers: { "Content-Length": "0" } }),
    ],
  ])("resolves a create answered %s with the plant as sent (name and tag)", async (_, response) => {
    const fetch = stubFetch(response);
    const client = createPlantStoreClient({ baseUrl: "https://plants.example", token, fetch });
    await expect(client.createPlant({ name: "Fern", tag: "shade", id: 7 })).resolves.toEqual({
      name: "Fern",
      tag: "shade",
    });
    await expect(client.createPlant({ name: "Fern", id: 8 })).resolves.toEqual({ name: "Fern" });
  });

  it.each([
    ["an object", { "X-A": "1", "X-B": "2" }],
    ["a Headers", new Headers({ "X-A": "1", "X-B": "2" })],
    [
      "an array of pairs",
      [
        ["X-A", "1"],
        ["X-B", "2"],
      ] as [string, string][],
    ],
  ])("takes the headers option as %s", async (_, headers) => {
    const fetch = stubFetch(json([]));
    const client = createPlantStoreClient({
      baseUrl: "https://plants.example",
      token,
      fetch,
      headers,
    });
    await client.listPlants();
    expect(fetch.requests[0]?.headers.get("X-A")).toBe("1");
    expect(fetch.requests[0]?.headers.get("X-B")).toBe("2");
  });

  it.each([
    ["a string token", "t"],
    ["a token function", async () => "t"],
  ])("adds the headers option to every request, with Authorization from %s", async (_, token) => {
    const fetch = stubFetch(json([]), json({ name: "Fern" }, 201));
    const client = createPlantStoreClient({
      baseUrl: "https://plants.example",
      token,
      fetch,
      headers: { "X-Request-Source": "tests", Authorization: "Basic ignored" },
    });
    await client.listPlants();
    await client.createPlant({ name: "Fern" });
    expect(fetch.requests).toHaveLength(2);
    for (const request of fetch.requests) {
      expect(request.headers.get("X-Request-Source")).toBe("tests");
      expect(request.headers.get("Authorization")).toBe("Bearer t");
    }
  });

  it("exposes the openapi-fetch client as raw, with base URL and headers applied", async () => {
    const fetch = stubFetch(json({ name: "Fern" }, 201));
    const client = createPlantStoreClient({
      baseUrl: "https://plants.example/v1/",
      token,
      fetch,
      headers: { "X-Trace": "1" },
    });
    const { data, response } = await client.raw.POST("/plants", { body: { name: "Fern" } });
    expect(data).toEqual({ name: "Fern" });
    expect(response.status).toBe(201);
    expect(fetch.requests[0]?.url).toBe("https://plants.example/v1/plants");
    expect(fetch.requests[0]?.headers.get("X-Trace")).toBe("1");
  });

  it("keeps its own base URL after a raw call that gave another one", async () => {
    const fetch = stubFetch(json([]), json([]), json({ name: "Fern" }, 201));
    const client = createPlantStoreClient({ baseUrl: "https://plants.example/v1", token, fetch });
    await client.raw.GET("/plants", { baseUrl: "https://staging.example" });
    await client.listPlants();
    await client.createPlant({ name: "Fern" });
    expect(fetch.requests.map((request) => request.url)).toEqual([
      "https://staging.example/plants",
      "https://plants.example/v1/plants",
      "https://plants.example/v1/plants",
    ]);
  });
});

describe("User-Agent", () => {
  it.each([
    ["a string token", "t"],
    ["a token function", () => "t"],
  ])(
    "is plant-store-sdk/<version> outside a browser, on every call and raw, with %s",
    async (_, token) => {
      const fetch = stubFetch(json([]), json({ name: "Fern" }, 201), json([]));
      const client = createPlantStoreClient({ baseUrl: "https://plants.example", token, fetch });
      await client.listPlants();
      await client.createPlant({ name: "Fern" });
      await client.raw.GET("/plants");
      expect(fetch.requests.map((request) => request.headers.get("User-Agent"))).toEqual(
        Array(3).fill(`plant-store-sdk/${SDK_VERSION}`),
      );
    },
  );

  it.each(["user-agent", "User-Agent"])(
    "can be replaced through the headers option (%s), on every call and raw",
    async (name) => {
      const fetch = stubFetch(json([]), json({ name: "Fern" }, 201), json([]));
      const client = createPlantStoreClient({
        baseUrl: "https://p.example",
        token,
        fetch,
        headers: { [name]: "my-app/2.0" },
      });
      await client.listPlants();
      await client.createPlant({ name: "Fern" });
      await client.raw.GET("/plants");
      expect(fetch.requests.map((request) => request.headers.get("User-Agent"))).toEqual(
        Array(3).fill("my-app/2.0"),
      );
    },
  );

  it("is not set in browsers (window or worker), but is in Node, Deno, Bun and edge runtimes", () => {
    const sdk = `plant-store-sdk/${SDK_VERSION}`;
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
    expect(sdkUserAgent(chrome)).toBeUndefined();
    expect(sdkUserAgent("Mozilla/5.0 (Macintosh) Gecko/20100101 Firefox/133.0")).toBeUndefined();
    expect(sdkUserAgent("Node.js/22")).toBe(sdk);
    expect(sdkUserAgent("Deno/2.1.4")).toBe(sdk);
    expect(sdkUserAgent("Bun/1.1.38")).toBe(sdk);
    expect(sdkUserAgent("Cloudflare-Workers")).toBe(sdk);
    expect(sdkUserAgent(undefined)).toBe(sdk);
  });
});

describe("the default fetch", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // The one test that touches a global: it proves the lookup happens per call, which is
  // what lets MSW (installed after the client was made) intercept.
  it("is globalThis.fetch as it is at call time, not at creation", async () => {
    const client = createPlantStoreClient({ baseUrl: "https://plants.example", token });
    const later = stubFetch(json([{ name: "Intercepted" }]));
    vi.stubGlobal("fetch", later);
    await expect(client.listPlants()).resolves.toEqual([{ name: "Intercepted" }]);
    expect(later.requests).toHaveLength(1);
  });
});
