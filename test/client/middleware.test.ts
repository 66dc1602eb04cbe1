// openapi-fetch middleware added with client.use() runs on every attempt of every call, as
// openapi-fetch users expect, and on raw's calls: one client, one middleware chain.
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { createPlantStoreClient, PlantStoreApiError } from "../../src/client/index.js";
import { apiError, json, plants, stubFetch } from "./stub-fetch.js";

const baseUrl = "https://plants.example";

/** A middleware that records what it saw, as a logging middleware would. */
function recorder() {
  const seen: string[] = [];
  const middleware: Middleware = {
    onRequest({ request }) {
      seen.push(`${request.method} ${request.url} ${request.headers.get("Authorization")}`);
    },
    onResponse({ response }) {
      seen.push(`answered ${response.status}`);
    },
  };
  return { seen, middleware };
}

describe("client.use()", () => {
  it("runs on listPlants and createPlant, after the token is on the request", async () => {
    const fetch = stubFetch(json(plants), json({ name: "Fern" }, 201));
    const client = createPlantStoreClient({ baseUrl, token: async () => "fresh", fetch });
    const { seen, middleware } = recorder();
    client.use(middleware);
    await client.listPlants({ limit: 2 });
    await client.createPlant({ name: "Fern" });
    expect(seen).toEqual([
      "GET https://plants.example/plants?limit=2 Bearer fresh",
      "answered 200",
      "POST https://plants.example/plants Bearer fresh",
      "answered 201",
    ]);
  });

  it("runs on every retry", async () => {
    const fetch = stubFetch(apiError(503, "busy"), apiError(503, "busy"), json(plants));
    const client = createPlantStoreClient({ baseUrl, token: "t", fetch, retries: { maxDelay: 0 } });
    const { seen, middleware } = recorder();
    client.use(middleware);
    await expect(client.listPlants()).resolves.toEqual(plants);
    expect(seen.filter((line) => line.startsWith("answered"))).toEqual([
      "answered 503",
      "answered 503",
      "answered 200",
    ]);
  });

  it("can add a header to what is sent, and its onResponse can change the answer", async () => {
    const fetch = stubFetch(apiError(500, "boom"));
    const client = createPlantStoreClient({ baseUrl, token: "t", fetch, retries: 0 });
    client.use({
      onRequest({ request }) {
        request.headers.set("X-Trace-Id", "trace-1");
      },
      onResponse: () => json([{ name: "From the middleware" }]),
    });
    await expect(client.listPlants()).resolves.toEqual([{ name: "From the middleware" }]);
    expect(fetch.requests[0]?.headers.get("X-Trace-Id")).toBe("trace-1");
  });

  it("is the middleware of raw too, and eject() removes it from both", async () => {
    const fetch = stubFetch(json(plants));
    const client = createPlantStoreClient({ baseUrl, token: "t", fetch });
    const { seen, middleware } = recorder();
    client.raw.use(middleware);
    await client.listPlants();
    await client.raw.GET("/plants");
    expect(seen).toHaveLength(4);
    client.eject(middleware);
    await client.listPlants();
    expect(seen).toHaveLength(4);
  });

  it("sees an error answer before it becomes a PlantStoreApiError", async () => {
    const fetch = stubFetch(apiError(404, "No such path."));
    const client = createPlantStoreClient({ baseUrl, token: "t", fetch });
    const { seen, middleware } = recorder();
    client.use(middleware);
    await expect(client.createPlant({ name: "Fern" })).rejects.toBeInstanceOf(PlantStoreApiError);
    expect(seen).toEqual(["POST https://plants.example/plants Bearer t", "answered 404"]);
  });
});
