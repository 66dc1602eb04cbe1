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

// The sets remember the prefixes created per origin for the life of the module, so each test
// takes an origin of its own and never sees another test's sets.
let origins = 0;
const freshOrigin = () => `https://api${++origins}.example.com`;

const auth = { authorization: "Bearer any-token" };
const mismatch = (baseUrl: string) => ({
  error: 404,
  message: `The request is not under the Plant Store's base URL ${baseUrl}; send it to ${baseUrl}/plants (check the client's baseUrl).`,
});
const send = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { ...auth, ...init.headers } });
/** Sends, and swallows the rejection an unhandled request gets, for tests that read `unhandled`. */
const sendUnhandled = (url: string) => send(url).catch(() => undefined);
const names = async (url: string) => (await (await send(url)).json()) as { name: string }[];

describe("a request whose path misses the set's prefix", () => {
  it("gets a 404 naming the base URL, on GET and POST, with the set's CORS headers; not journaled", async () => {
    const origin = freshOrigin();
    const baseUrl = `${origin}/v1`;
    const mock = createPlantStoreHandlers({ baseUrl, corsOrigin: "https://app.example" });
    server.resetHandlers(...mock.handlers);
    const post = {
      method: "POST",
      body: '{"name":"Ivy"}',
      headers: { "content-type": "application/json" },
    };
    for (const [path, init] of [
      ["/plants", {}],
      ["/plants", post],
      ["/v10/plants", {}],
      ["/api/v1/plants", post],
    ] as const) {
      const res = await send(`${origin}${path}`, init);
      expect(res.status).toBe(404);
      expect(Object.fromEntries(res.headers)).toEqual({
        "content-type": "application/json",
        "access-control-allow-origin": "https://app.example",
        "access-control-expose-headers": "WWW-Authenticate, Allow, Retry-After",
      });
      expect(await res.json()).toEqual(mismatch(baseUrl));
    }
    const head = await send(`${origin}/plants`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([404, ""]);
    expect(mock.requests()).toEqual([]);
    expect(mock.store.entries().map((plant) => plant.name)).not.toContain("Ivy");
  });

  it("names the base URL without a trailing slash, and also answers with answerUnknownPaths", async () => {
    const origin = freshOrigin();
    const mock = createPlantStoreHandlers({ baseUrl: `${origin}/v1/`, answerUnknownPaths: true });
    server.resetHandlers(...mock.handlers);
    const res = await send(`${origin}/v10/plants`);
    expect([res.status, await res.json()]).toEqual([404, mismatch(`${origin}/v1`)]);
  });

  it("never repeats a token put in the path or the query", async () => {
    const origin = freshOrigin();
    const mock = createPlantStoreHandlers({ baseUrl: `${origin}/v1` });
    server.resetHandlers(...mock.handlers);
    const res = await send(`${origin}/sk_live_path123/plants?token=sk_live_query456`);
    const text = await res.text();
    expect(text).not.toContain("sk_live");
    expect(JSON.parse(text)).toEqual(mismatch(`${origin}/v1`));
  });

  it("leaves paths under the prefix, paths not ending in /plants and other origins alone", async () => {
    const origin = freshOrigin();
    const other = freshOrigin();
    const mock = createPlantStoreHandlers({ baseUrl: `${origin}/v1` });
    server.resetHandlers(...mock.handlers);
    const urls = [
      `${origin}/v1/plants/`,
      `${origin}/v1/plantsx`,
      `${origin}/v1/x/plants`,
      `${origin}/plants/`,
      `${origin}/plantsx`,
      `${origin}/plants/1`,
      `${other}/plants`,
      `${origin.replace("https:", "http:")}/plants`,
    ];
    for (const url of urls) await sendUnhandled(url);
    expect(unhandled).toEqual(urls.map((url) => `GET ${url}`));
  });

  it("leaves a /plants path to the app's own handler listed before the set", async () => {
    const origin = freshOrigin();
    const mock = createPlantStoreHandlers({ baseUrl: `${origin}/v1` });
    const legacy = http.get(`${origin}/legacy/plants`, () => HttpResponse.json(["legacy"]));
    server.resetHandlers(legacy, ...mock.handlers);
    expect(await names(`${origin}/legacy/plants`)).toEqual(["legacy"]);
    // Listed after the set, MSW's first answer is the set's 404.
    server.resetHandlers(...mock.handlers, legacy);
    const res = await send(`${origin}/legacy/plants`);
    expect([res.status, await res.json()]).toEqual([404, mismatch(`${origin}/v1`)]);
  });
});

describe("several handler sets on one origin", () => {
  it("/v1 and /v2 each serve their own store in either order; elsewhere the 404 names both", async () => {
    const origin = freshOrigin();
    const v1 = createPlantStoreHandlers({ baseUrl: `${origin}/v1`, seed: [{ name: "V1 fern" }] });
    const v2 = createPlantStoreHandlers({ baseUrl: `${origin}/v2`, seed: [{ name: "V2 ivy" }] });
    for (const [first, second] of [
      [v1, v2],
      [v2, v1],
    ] as const) {
      server.resetHandlers(...first.handlers, ...second.handlers);
      expect(await names(`${origin}/v1/plants`)).toEqual([{ name: "V1 fern" }]);
      expect(await names(`${origin}/v2/plants`)).toEqual([{ name: "V2 ivy" }]);
      const res = await send(`${origin}/plants`);
      expect([res.status, await res.json()]).toEqual([
        404,
        {
          error: 404,
          message: `The request is not under any Plant Store base URL of its origin (${origin}/v1, ${origin}/v2); send it to one of them followed by /plants (check the client's baseUrl).`,
        },
      ]);
    }
  });

  it("a set created but not listed keeps its prefix: its requests reach onUnhandledRequest", async () => {
    const origin = freshOrigin();
    const v1 = createPlantStoreHandlers({ baseUrl: `${origin}/v1` });
    createPlantStoreHandlers({ baseUrl: `${origin}/v2` });
    server.resetHandlers(...v1.handlers);
    await sendUnhandled(`${origin}/v2/plants`);
    expect(unhandled).toEqual([`GET ${origin}/v2/plants`]);
  });

  it("a set at the root and one under /v2 each serve their own store in either order", async () => {
    const origin = freshOrigin();
    const root = createPlantStoreHandlers({ baseUrl: origin, seed: [{ name: "Root fern" }] });
    const v2 = createPlantStoreHandlers({ baseUrl: `${origin}/v2`, seed: [{ name: "V2 ivy" }] });
    for (const order of [
      [root, v2],
      [v2, root],
    ]) {
      server.resetHandlers(...order.flatMap((set) => set.handlers));
      expect(await names(`${origin}/plants`)).toEqual([{ name: "Root fern" }]);
      expect(await names(`${origin}/v2/plants`)).toEqual([{ name: "V2 ivy" }]);
      // Every path is under the root set's prefix, so no set calls it a mismatch.
      await sendUnhandled(`${origin}/v3/plants`);
    }
    expect(unhandled).toEqual([`GET ${origin}/v3/plants`, `GET ${origin}/v3/plants`]);
  });
});
