// respondNext: the next call(s) get exactly the answer a test scripted, which must be one
// openapi.yaml declares (checked when set), and nothing is stored.
import { describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import { startPlantStoreServer } from "../../../src/server/index.js";

const BASE = "http://mock.test";
const AUTH = { authorization: "Bearer t1" };
const list = () => new Request(`${BASE}/plants`, { headers: AUTH });
const create = (body: string) =>
  new Request(`${BASE}/plants`, {
    method: "POST",
    headers: { ...AUTH, "content-type": "application/json" },
    body,
  });

type Handler = ReturnType<typeof createPlantStoreFetchHandler>;

describe("respondNext on the fetch handler", () => {
  it("answers exactly the status, body and headers set, then the contract's own answer", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }] });
    handle.respondNext("listPlants", {
      status: 200,
      body: [{ name: "x".repeat(300), tag: "long" }],
      headers: { "X-Scenario": "long-name" },
    });
    const scripted = await handle(list());
    expect(scripted.status).toBe(200);
    expect(scripted.headers.get("content-type")).toBe("application/json");
    expect(scripted.headers.get("x-scenario")).toBe("long-name");
    expect(await scripted.json()).toEqual([{ name: "x".repeat(300), tag: "long" }]);
    const normal = await handle(list());
    expect(await normal.json()).toEqual([{ name: "Fern" }]);
    expect(handle.requests().map((entry) => [entry.status, entry.scripted])).toEqual([
      [200, "respondNext"],
      [200, undefined],
    ]);
  });

  it("answers a create without storing it, and the journal keeps the body that was sent", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    handle.respondNext("createPlant", { status: 200, body: { name: "Scripted" } });
    const answer = await handle(create('{"name":"Sent","id":7}'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ name: "Scripted" });
    expect(handle.store.entries()).toEqual([]);
    expect(handle.requests()).toMatchObject([
      { method: "POST", status: 200, body: { name: "Sent", id: 7 }, scripted: "respondNext" },
    ]);
  });

  it("answers any 4xx/5xx with the Error body, `times` calls, until clearFaults()", async () => {
    const handle = createPlantStoreFetchHandler();
    const unavailable = { error: 503, message: "Down for repotting." };
    handle.respondNext("listPlants", { status: 503, body: unavailable, times: 2 });
    expect([(await handle(list())).status, (await handle(list())).status]).toEqual([503, 503]);
    expect((await handle(list())).status).toBe(200);
    handle.respondNext("listPlants", { status: 503, body: unavailable, times: Infinity });
    expect(await (await handle(list())).json()).toEqual(unavailable);
    handle.clearFaults();
    expect((await handle(list())).status).toBe(200);
  });

  it("shares failNext's queue: answers come in the order they were set", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.respondNext("listPlants", { status: 200, body: [] });
    handle.failNext("listPlants", { status: 502 });
    handle.respondNext("listPlants", { status: 429, body: { error: 429, message: "Slow down." } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await handle(list())).status);
    expect(statuses).toEqual([200, 502, 429, 200]);
    expect(handle.requests().map((entry) => entry.scripted)).toEqual([
      "respondNext",
      "failNext",
      "respondNext",
      undefined,
    ]);
  });

  it("never replaces a 401, 404 or 405: it waits for a request that passed them", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: ["t1"] });
    handle.respondNext("listPlants", { status: 200, body: [] });
    expect((await handle(new Request(`${BASE}/plants`))).status).toBe(401);
    expect((await handle(new Request(`${BASE}/other`, { headers: AUTH }))).status).toBe(404);
    const put = new Request(`${BASE}/plants`, { method: "PUT", headers: AUTH });
    expect((await handle(put)).status).toBe(405);
    expect(await (await handle(list())).json()).toEqual([]);
  });
});

describe("respondNext refuses, when set, an answer openapi.yaml does not declare", () => {
  const statusRule = (operation: string, statuses: string) =>
    `respondNext: status must be a status openapi.yaml declares for ${operation}: ${statuses}, or 400 to 599.`;
  it.each<[string, (h: Handler) => void, typeof TypeError | typeof RangeError, string]>([
    [
      "a plant whose name is a number",
      (h) => h.respondNext("listPlants", { status: 200, body: [{ name: 1 }] } as never),
      TypeError,
      "respondNext: body[0].name must be a string.",
    ],
    [
      "a list where a plant is declared",
      (h) => h.respondNext("createPlant", { status: 201, body: [] } as never),
      TypeError,
      "respondNext: body must be an object.",
    ],
    [
      "a plant without a name",
      (h) => h.respondNext("createPlant", { status: 201, body: { tag: "x" } } as never),
      TypeError,
      'respondNext: body must have the field "name".',
    ],
    [
      "a plant with an id (the contract never sends one)",
      (h) => h.respondNext("createPlant", { status: 200, body: { name: "a", id: 1 } } as never),
      TypeError,
      'respondNext: body must not have the field "id".',
    ],
    [
      "an Error body without a message",
      (h) => h.respondNext("listPlants", { status: 500, body: { error: 500 } } as never),
      TypeError,
      'respondNext: body must have the field "message".',
    ],
    [
      "an Error body whose error is not the status (the contract says it is)",
      (h) => h.respondNext("listPlants", { status: 503, body: { error: 400, message: "m" } }),
      TypeError,
      "respondNext: body.error must be 503, the status it answers with.",
    ],
    [
      "no body where openapi.yaml declares one",
      (h) => h.respondNext("listPlants", { status: 200 } as never),
      TypeError,
      "respondNext: body must be JSON (a value JSON.stringify can write).",
    ],
    [
      "a body JSON cannot write",
      (h) => h.respondNext("listPlants", { status: 200, body: [{ name: 1n }] } as never),
      TypeError,
      "respondNext: body must be JSON (a value JSON.stringify can write).",
    ],
    [
      "201 for listPlants",
      (h) => h.respondNext("listPlants", { status: 201, body: [] } as never),
      RangeError,
      statusRule("listPlants", "200"),
    ],
    [
      "a 3xx nobody declared",
      (h) => h.respondNext("createPlant", { status: 302, body: {} } as never),
      RangeError,
      statusRule("createPlant", "200, 201"),
    ],
    [
      "a status past 599",
      (h) => h.respondNext("listPlants", { status: 600, body: {} } as never),
      RangeError,
      statusRule("listPlants", "200"),
    ],
    [
      "a status given as a string",
      (h) => h.respondNext("listPlants", { status: "200", body: [] } as never),
      TypeError,
      statusRule("listPlants", "200"),
    ],
    [
      "an unknown operation",
      (h) => h.respondNext("deletePlant" as never, { status: 200, body: [] } as never),
      TypeError,
      'respondNext: unknown operation "deletePlant"; use listPlants or createPlant.',
    ],
    [
      "a misspelt option",
      (h) => h.respondNext("listPlants", { status: 200, body: [], time: 2 } as never),
      TypeError,
      'respondNext: unknown option "time"; the options are status, body, headers, times, when.',
    ],
    [
      "times 0",
      (h) => h.respondNext("listPlants", { status: 200, body: [], times: 0 }),
      RangeError,
      "respondNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      "a Content-Type header (the body is JSON)",
      (h) =>
        h.respondNext("listPlants", {
          status: 200,
          body: [],
          headers: { "Content-Type": "text/plain" },
        }),
      TypeError,
      'respondNext: headers: "content-type" cannot be set; the body is JSON, as openapi.yaml declares.',
    ],
    [
      "a Content-Encoding header (the body is sent as it is)",
      (h) =>
        h.respondNext("listPlants", {
          status: 200,
          body: [],
          headers: { "Content-Encoding": "gzip" },
        }),
      TypeError,
      'respondNext: headers: "Content-Encoding" cannot be set; the server frames and encodes the body itself.',
    ],
    [
      "a header value with CR/LF",
      (h) => h.respondNext("listPlants", { status: 200, body: [], headers: { "x-a": "a\r\nb" } }),
      TypeError,
      'respondNext: headers["x-a"] is not a valid header value: visible ASCII, spaces and tabs only.',
    ],
  ])("%s", async (_, call, errorClass, message) => {
    const handle = createPlantStoreFetchHandler();
    expect(() => call(handle)).toThrow(new errorClass(message));
    expect(() => call(handle)).toThrow(errorClass);
    // Nothing was queued: both operations answer as usual.
    expect((await handle(list())).status).toBe(200);
    expect((await handle(create('{"name":"a"}'))).status).toBe(201);
  });
});

describe("respondNext on the server and a sandbox (MSW: test/msw/scripted-answers.test.ts)", () => {
  it("the Node server", async () => {
    const server = await startPlantStoreServer({ seed: [], tokens: ["t1"] });
    try {
      server.respondNext("createPlant", { status: 201, body: { name: "Over HTTP" } });
      const answer = await fetch(`${server.url}/plants`, {
        method: "POST",
        headers: { ...AUTH, "content-type": "application/json" },
        body: '{"name":"Sent"}',
      });
      expect([answer.status, await answer.json()]).toEqual([201, { name: "Over HTTP" }]);
      expect(server.store.entries()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("a sandbox, which alone gets the answer", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }] });
    const sandbox = handle.createSandbox();
    sandbox.respondNext("listPlants", { status: 200, body: [] });
    const inSandbox = new Request(`${BASE}/plants`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(await (await handle(list())).json()).toEqual([{ name: "Fern" }]);
    expect(await (await handle(inSandbox)).json()).toEqual([]);
    expect(sandbox.requests().map((entry) => entry.scripted)).toEqual(["respondNext"]);
  });
});
