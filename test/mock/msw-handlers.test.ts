import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreHandlers } from "../../src/mock/index.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const auth = { authorization: "Bearer any-token" };

describe("createPlantStoreHandlers", () => {
  it("serves under a baseUrl prefix (trailing slash or not) and accepts any bearer token", async () => {
    for (const baseUrl of ["https://api.example.com/v1", "https://api.example.com/v1/"]) {
      const mock = createPlantStoreHandlers({ baseUrl, seed: [{ name: "Fern" }] });
      server.resetHandlers(...mock.handlers);
      const res = await fetch("https://api.example.com/v1/plants?limit=5", { headers: auth });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ name: "Fern" }]);
    }
  });

  it("answers unknown paths under the prefix with the contract's 404", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com/v1" });
    server.resetHandlers(...mock.handlers);
    const res = await fetch("https://api.example.com/v1/trees", { headers: auth });
    expect(await res.json()).toEqual({
      error: 404,
      message: "The request path is not part of the Plant Store API; use /v1/plants.",
    });
  });

  it("leaves requests outside the baseUrl to other handlers", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com/v1" });
    const other = http.all("*", () => HttpResponse.text("not the plant store", { status: 299 }));
    server.resetHandlers(...mock.handlers, other);
    for (const url of [
      "https://api.example.com/v2/plants",
      "https://other.example.com/v1/plants",
    ]) {
      const res = await fetch(url, { headers: auth });
      expect(res.status).toBe(299);
    }
  });

  it("exposes the store and the scenario helpers of the one handler", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com", seed: [] });
    server.resetHandlers(...mock.handlers);
    mock.failNext("createPlant", { status: 429, message: "Slow down." });
    const post = () =>
      fetch("https://api.example.com/plants", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: '{"name":"Ivy"}',
      });
    expect(await (await post()).json()).toEqual({ error: 429, message: "Slow down." });
    expect((await post()).status).toBe(201);
    expect(mock.store.entries()).toEqual([{ id: 1, name: "Ivy", owner: "any-token" }]);
  });
});
