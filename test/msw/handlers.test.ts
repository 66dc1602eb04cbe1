import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreHandlers } from "../../src/msw/index.js";

// Requests no handler answers are recorded, then refused, so a test can see exactly what
// reached `onUnhandledRequest`.
const unhandled: string[] = [];
const server = setupServer();
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request) {
      unhandled.push(`${request.method} ${request.url}`);
      throw new Error(`unhandled: ${request.method} ${request.url}`);
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  unhandled.length = 0;
});
afterAll(() => server.close());

const auth = { authorization: "Bearer any-token" };
const NOT_FOUND_V1 = {
  error: 404,
  message: "The request path is not part of the Plant Store API; use /v1/plants.",
};

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

  it("answers every method on {baseUrl}/plants itself: 405 with Allow, 401 before it", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com/v1" });
    const fallback = http.all("*", () => HttpResponse.text("user handler", { status: 299 }));
    server.resetHandlers(...mock.handlers, fallback);
    const url = "https://api.example.com/v1/plants";
    const del = await fetch(url, { method: "DELETE", headers: auth });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, POST");
    expect(await del.json()).toEqual({
      error: 405,
      message: "The DELETE method is not allowed on /v1/plants; use GET or POST.",
    });
    const anonymous = await fetch(url, { method: "PATCH" });
    expect(anonymous.status).toBe(401);
    const preflight = await fetch(url, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    const head = await fetch(url, { method: "HEAD", headers: auth });
    expect([head.status, await head.text()]).toEqual([405, ""]);
  });

  it("leaves other paths under baseUrl to the user's handlers listed after it", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com/v1" });
    const orders = http.get("https://api.example.com/v1/orders", () =>
      HttpResponse.json([{ order: 1 }]),
    );
    server.resetHandlers(...mock.handlers, orders);
    const res = await fetch("https://api.example.com/v1/orders", { headers: auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ order: 1 }]);
  });

  it("leaves unknown paths under baseUrl, even /plants/ and /plants/1, to onUnhandledRequest", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com/v1" });
    server.resetHandlers(...mock.handlers);
    for (const path of ["/v1/trees", "/v1/plants/", "/v1/plants/1", "/v1", "/v1plants"]) {
      await fetch(`https://api.example.com${path}`, { headers: auth }).catch(() => undefined);
    }
    expect(unhandled).toEqual([
      "GET https://api.example.com/v1/trees",
      "GET https://api.example.com/v1/plants/",
      "GET https://api.example.com/v1/plants/1",
      "GET https://api.example.com/v1",
      "GET https://api.example.com/v1plants",
    ]);
  });

  it("matches a prefix holding characters MSW paths treat as syntax, exactly as written", async () => {
    // An origin no other test uses: the sets of one origin step aside for each other's prefixes.
    const baseUrl = "https://odd.example.com/a:b(c)*+";
    const mock = createPlantStoreHandlers({ baseUrl, seed: [{ name: "Odd fern" }] });
    server.resetHandlers(...mock.handlers);
    const res = await fetch(`${baseUrl}/plants`, { headers: auth });
    expect(await res.json()).toEqual([{ name: "Odd fern" }]);
    // Not the set's route, so the base-URL mismatch answer (base-url-mismatch.test.ts).
    const other = await fetch("https://odd.example.com/a:b(c)*+x/plants", { headers: auth });
    expect([other.status, await other.json()]).toEqual([
      404,
      {
        error: 404,
        message: `The request is not under the Plant Store's base URL ${baseUrl}; send it to ${baseUrl}/plants (check the client's baseUrl).`,
      },
    ]);
  });

  it("leaves requests outside the baseUrl to other handlers", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com/v1" });
    const other = http.all("*", () => HttpResponse.text("not the plant store", { status: 299 }));
    server.resetHandlers(...mock.handlers, other);
    // A path ending in /plants on the same origin is the base-URL mismatch's
    // (base-url-mismatch.test.ts).
    for (const url of [
      "https://api.example.com/v2/orders",
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

describe("createPlantStoreHandlers with answerUnknownPaths: true", () => {
  it("answers every other path under baseUrl with the contract's 404, before later handlers", async () => {
    const mock = createPlantStoreHandlers({
      baseUrl: "https://api.example.com/v1",
      answerUnknownPaths: true,
    });
    const orders = http.all("*", () => HttpResponse.text("user handler", { status: 299 }));
    server.resetHandlers(...mock.handlers, orders);
    for (const path of ["/v1/trees", "/v1/plants/1", "/v1"]) {
      const res = await fetch(`https://api.example.com${path}`, { headers: auth });
      expect(await res.json()).toEqual(NOT_FOUND_V1);
    }
    // Authentication still comes before the route, as on the standalone server.
    expect((await fetch("https://api.example.com/v1/trees")).status).toBe(401);
    // Outside the prefix is still not ours.
    expect((await fetch("https://api.example.com/v10/orders")).status).toBe(299);
  });

  it("refuses a value that is not a boolean, naming the option", () => {
    expect(() =>
      createPlantStoreHandlers({
        baseUrl: "https://api.example.com",
        answerUnknownPaths: "yes" as unknown as boolean,
      }),
    ).toThrow(new TypeError("answerUnknownPaths must be true or false."));
  });
});

describe("beside the app's own handlers", () => {
  const url = "https://api.example.com/plants";
  const alreadyRead = {
    error: 500,
    message:
      "The request body had already been read before the Plant Store handler got it; a handler in front of it must read request.clone() instead.",
  };
  const create = (name: string) =>
    fetch(url, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });

  it("a spy handler that reads the body and falls through gets a 500 that says so; nothing is stored", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com", seed: [] });
    const seen: unknown[] = [];
    const spy = http.post(url, async ({ request }) => {
      seen.push(await request.json());
    });
    server.resetHandlers(spy, ...mock.handlers);
    const res = await create("Spied");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(alreadyRead);
    expect(seen).toEqual([{ name: "Spied" }]);
    expect(mock.store.size).toBe(0);
  });

  it("a spy handler that reads request.clone() leaves the create to the Plant Store", async () => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com", seed: [] });
    const seen: unknown[] = [];
    const spy = http.post(url, async ({ request }) => {
      seen.push(await request.clone().json());
    });
    server.resetHandlers(spy, ...mock.handlers);
    const res = await create("Cloned");
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: "Cloned" });
    expect(seen).toEqual([{ name: "Cloned" }]);
  });

  it.each([
    ["\\f after", "Bearer any-token\f"],
    ["\\v before", "Bearer \vany-token"],
    ["U+00A0 after", "Bearer any-token\u00a0"],
  ])("a %s the token is part of it: 401, never the token's plants", async (_, value) => {
    const mock = createPlantStoreHandlers({ baseUrl: "https://api.example.com" });
    server.resetHandlers(...mock.handlers);
    const res = await fetch(url, { headers: { authorization: value } });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      'Bearer realm="plant-store", error="invalid_token"',
    );
    expect(await res.json()).toEqual({
      error: 401,
      message: "The bearer token in the Authorization header is not accepted.",
    });
  });
});
