// `Prefer: code=N`, Prism's convention: after authentication and routing, a request asking for
// a 4xx/5xx the operation may answer gets the Error body with that status; any other value is
// ignored. The MSW set is tested in test/msw/scripted-answers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { openSocket, parseRawResponse, readUntilClosed } from "../../server/support/raw-http.js";

const BASE = "http://mock.test";
const AUTH = { authorization: "Bearer t1" };

function request(prefer: string, init: RequestInit = {}, path = "/plants"): Request {
  return new Request(`${BASE}${path}`, {
    ...init,
    headers: { ...AUTH, "content-type": "application/json", prefer, ...init.headers },
  });
}

describe("Prefer: code=N on the fetch handler", () => {
  it("answers N with the Error body, stores nothing and marks the journal", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    const answer = await handle(request("code=503", { method: "POST", body: '{"name":"Sent"}' }));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: 503,
      message: "createPlant answered 503 because the request asked for it (Prefer: code=503).",
    });
    expect(handle.store.entries()).toEqual([]);
    expect(handle.requests()).toMatchObject([
      { status: 503, body: { name: "Sent" }, scripted: "prefer" },
    ]);
  });

  it.each([
    ["code=429", 429],
    ['code="500"', 500],
    ["dynamic=true, code=404", 404],
    ["code=418; x=1", 418],
    ["CODE=502", 502],
    ["code = 503", 503], // RFC 7240 allows whitespace around "="
  ])("reads %s among other preferences", async (prefer, status) => {
    const handle = createPlantStoreFetchHandler();
    expect((await handle(request(prefer))).status).toBe(status);
  });

  it.each([
    ["a success", "code=201", 200],
    ["a status below 400", "code=302", 200],
    ["a status past 599", "code=600", 200],
    ["no number", "code=abc", 200],
    ["another preference", "return=minimal", 200],
    ["a longer number", "code=5030", 200],
  ])("ignores %s (%s): the request is answered as usual", async (_, prefer, status) => {
    const handle = createPlantStoreFetchHandler();
    const answer = await handle(request(prefer));
    expect(answer.status).toBe(status);
    expect(handle.requests()[0]?.scripted).toBeUndefined();
  });

  it("gives a scripted 401 the contract's challenge and a 405 its Allow, as real ones carry", async () => {
    const handle = createPlantStoreFetchHandler();
    const challenge = 'Bearer realm="plant-store", error="invalid_token"';
    const unauthorized = await handle(request("code=401"));
    expect([unauthorized.status, unauthorized.headers.get("www-authenticate")]).toEqual([
      401,
      challenge,
    ]);
    handle.failNext("listPlants", { status: 405 });
    const notAllowed = await handle(request("return=minimal"));
    expect([notAllowed.status, notAllowed.headers.get("allow")]).toEqual([405, "GET, POST"]);
    // A header the test set itself wins.
    handle.respondNext("listPlants", {
      status: 401,
      body: { error: 401, message: "Expired." },
      headers: { "WWW-Authenticate": 'Bearer realm="plant-store", error="expired"' },
    });
    const own = await handle(request("return=minimal"));
    expect(own.headers.get("www-authenticate")).toBe('Bearer realm="plant-store", error="expired"');
  });

  it("never replaces a 401 or 404, and a queued scripted answer comes first", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: ["t1"] });
    const noToken = new Request(`${BASE}/plants`, { headers: { prefer: "code=503" } });
    expect((await handle(noToken)).status).toBe(401);
    expect((await handle(request("code=503", {}, "/other"))).status).toBe(404);
    handle.failNext("listPlants", { status: 502 });
    expect((await handle(request("code=503"))).status).toBe(502);
    expect((await handle(request("code=503"))).status).toBe(503);
  });

  it("is allowed by the CORS preflight", async () => {
    const handle = createPlantStoreFetchHandler();
    const preflight = await handle(
      new Request(`${BASE}/plants`, {
        method: "OPTIONS",
        headers: { "access-control-request-headers": "authorization, prefer" },
      }),
    );
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Prefer");
  });
});

describe("Prefer: code=N on the Node server, as curl sends it", () => {
  let server: PlantStoreServer;
  beforeAll(async () => {
    server = await startPlantStoreServer({ tokens: ["t1"], seed: [] });
  });
  afterAll(() => server.close());

  it("answers 503 with the Error body to a raw request", async () => {
    const socket = await openSocket(server.url);
    const answer = readUntilClosed(socket);
    socket.write(
      "GET /plants HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t1\r\nPrefer: code=503\r\nConnection: close\r\n\r\n",
    );
    const response = parseRawResponse(await answer);
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body)).toEqual({
      error: 503,
      message: "listPlants answered 503 because the request asked for it (Prefer: code=503).",
    });
    expect(server.requests().at(-1)?.scripted).toBe("prefer");
  });
});
