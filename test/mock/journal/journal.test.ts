// The request journal: bounded, oldest first, the create body parsed, never a header.
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { PlantStoreRequestJournal } from "../../../src/contract/journal-entries.js";
import { createLandingPage, createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import {
  createRequestJournal,
  JOURNAL_BODY_LIMIT,
  noteBody,
} from "../../../src/mock/journal/journal.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";

const BASE = "https://journal.test";
const TOKEN = "journal-token";

function request(path: string, init: RequestInit = {}): Request {
  return new Request(`${BASE}${path}`, init);
}

function authorized(path: string, init: RequestInit = {}): Request {
  return request(path, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, ...(init.headers as Record<string, string>) },
  });
}

function createRequest(body: string, contentType = "application/json"): Request {
  return authorized("/plants", {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
}

describe("createRequestJournal", () => {
  it("keeps the last `capacity` requests, oldest first", () => {
    const journal = createRequestJournal(undefined, { capacity: 3 });
    for (const path of ["/a", "/b", "/c", "/d", "/e"]) {
      journal.finish(journal.start("GET", path, ""), 200);
    }
    expect(journal.entries().map((entry) => entry.path)).toEqual(["/c", "/d", "/e"]);
    journal.clear();
    expect(journal.entries()).toEqual([]);
    journal.finish(journal.start("GET", "/f", ""), 404);
    expect(journal.entries().map((entry) => [entry.path, entry.status])).toEqual([["/f", 404]]);
  });

  it("lists by arrival, an unanswered request not yet, one that arrived before clear() never", () => {
    const journal = createRequestJournal();
    const slow = journal.start("GET", "/slow", "");
    const fast = journal.start("POST", "/fast", "");
    journal.finish(fast, 201);
    expect(journal.entries().map((entry) => entry.path)).toEqual(["/fast"]);
    journal.finish(slow, 200);
    expect(journal.entries().map((entry) => entry.path)).toEqual(["/slow", "/fast"]);

    const beforeClear = journal.start("GET", "/before-clear", "");
    journal.clear();
    journal.finish(beforeClear, 200);
    expect(journal.entries()).toEqual([]);
  });

  it("parses the query, repeated names as arrays, __proto__ as a plain parameter", () => {
    const journal = createRequestJournal();
    journal.finish(journal.start("GET", "/plants", "?limit=2&x=1&x=2&__proto__=p&e=%20"), 400);
    const [entry] = journal.entries();
    expect(entry?.query).toEqual({ limit: "2", x: ["1", "2"], ["__proto__"]: "p", e: " " });
    expect(Object.getPrototypeOf(entry?.query)).toBe(Object.prototype);
  });

  it("keeps a JSON body up to JOURNAL_BODY_LIMIT, leaves out longer and non-JSON bodies", () => {
    const journal = createRequestJournal();
    const bodies = [
      '{"name":"A"}',
      "not json",
      JSON.stringify({ name: "x".repeat(JOURNAL_BODY_LIMIT) }),
      JSON.stringify("y".repeat(JOURNAL_BODY_LIMIT - 2)),
    ];
    for (const body of bodies) {
      const record = journal.start("POST", "/plants", "", "createPlant");
      noteBody(record, body);
      journal.finish(record, 201);
    }
    const entries = journal.entries();
    expect(entries[0]?.body).toEqual({ name: "A" });
    expect(entries[1]).not.toHaveProperty("body");
    expect(entries[2]).not.toHaveProperty("body");
    expect(entries[3]).not.toHaveProperty("body");
    expect(entries[3]?.invalidBody).toBe("y".repeat(JOURNAL_BODY_LIMIT - 2));
  });

  it("hands out copies: changing one changes nothing kept", () => {
    const journal = createRequestJournal();
    const record = journal.start("POST", "/plants", "?a=1", "createPlant");
    noteBody(record, '{"name":"A"}');
    journal.finish(record, 201);
    const [first] = journal.entries();
    (first?.body as { name: string }).name = "changed";
    (first?.query as Record<string, string>).a = "changed";
    expect(journal.entries()[0]).toMatchObject({ body: { name: "A" }, query: { a: "1" } });
  });
});

describe("the journal of the fetch handler", () => {
  it("records every API request with its status, and the create body when it was read", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await handle(authorized("/plants?limit=1"));
    await handle(createRequest('{"name":"Fern","tag":"green"}'));
    await handle(createRequest('{"name":5}'));
    await handle(createRequest("{not json"));
    await handle(createRequest('{"name":"Plain"}', "text/plain"));
    await handle(request("/plants", { method: "POST", body: '{"name":"No token"}' }));
    await handle(authorized("/other"));
    await handle(authorized("/plants", { method: "DELETE" }));

    const post = { operation: "createPlant", method: "POST", path: "/plants", query: {} };
    // The reasons of the refusals are checked in journal-violations.test.ts.
    expect(handle.requests().map(({ durationMs, time, violation, ...entry }) => entry)).toEqual([
      {
        seq: 1,
        operation: "listPlants",
        method: "GET",
        path: "/plants",
        query: { limit: 1 },
        status: 200,
      },
      { seq: 2, ...post, status: 201, body: { name: "Fern", tag: "green" } },
      { seq: 3, ...post, status: 400, invalidBody: { name: 5 } },
      { seq: 4, ...post, status: 400 },
      { seq: 5, ...post, status: 415 },
      { seq: 6, ...post, status: 401 },
      { seq: 7, operation: null, method: "GET", path: "/other", query: {}, status: 404 },
      { seq: 8, operation: null, method: "DELETE", path: "/plants", query: {}, status: 405 },
    ]);
    for (const entry of handle.requests()) {
      expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(JSON.stringify(handle.requests())).not.toContain(TOKEN);
  });

  it("keeps the body of a create that failNext answered", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    handle.failNext("createPlant", { status: 503 });
    expect((await handle(createRequest('{"name":"Refused"}'))).status).toBe(503);
    expect(handle.requests()[0]).toMatchObject({ status: 503, body: { name: "Refused" } });
    expect(handle.store.size).toBe(5);
  });

  it("marks the answer failNext made as scripted, and only that one", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    handle.failNext("createPlant", { status: 400 });
    expect((await handle(createRequest('{"name":"Scripted"}'))).status).toBe(400);
    expect((await handle(createRequest('{"name":"Stored"}'))).status).toBe(201);
    const [scripted, stored] = handle.requests();
    expect(scripted).toMatchObject({ status: 400, scripted: "failNext" });
    expect(stored?.status).toBe(201);
    expect(stored).not.toHaveProperty("scripted");
  });

  it("does not record CORS preflights or the landing page", async () => {
    const handle = createPlantStoreFetchHandler({ landingPage: createLandingPage() });
    await handle(request("/plants", { method: "OPTIONS" }));
    const page = await handle(request("/", { headers: { accept: "text/html" } }));
    expect(page.status).toBe(200);
    expect(handle.requests()).toEqual([]);
  });

  it("lists a slow request that arrived first before a later one, with its arrival time", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    handle.delayNext("listPlants", 50);
    // The handler files a request as soon as it is called, before its delay.
    const slowList = handle(authorized("/plants"));
    expect((await handle(createRequest('{"name":"Fast"}'))).status).toBe(201);
    expect((await slowList).status).toBe(200);
    const [list, create] = handle.requests();
    expect([list?.method, create?.method]).toEqual(["GET", "POST"]);
    expect(Date.parse(list?.time ?? "")).toBeLessThanOrEqual(Date.parse(create?.time ?? ""));
  });

  it("never files a request that arrived before clearRequests() or an admin reset", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN], admin: true });
    handle.delayNext("listPlants", 30, { times: 2 });
    const beforeClear = handle(authorized("/plants"));
    handle.clearRequests();
    expect((await beforeClear).status).toBe(200);
    expect(handle.requests()).toEqual([]);

    const beforeReset = handle(authorized("/plants"));
    const reset = await handle(
      new Request("http://localhost/__admin/reset", {
        method: "POST",
        headers: { "content-type": "application/json" },
      }),
    );
    expect(reset.status).toBe(204);
    // The reset ended its wait: it gets no answer, as a dropped connection.
    await expect(beforeReset).rejects.toBeInstanceOf(TypeError);
    expect(handle.requests()).toEqual([]);
  });

  it("keeps the last 1,000 requests", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    for (let i = 0; i < 1001; i++) await handle(authorized(`/plants?limit=${i}`));
    const entries = handle.requests();
    expect(entries).toHaveLength(1000);
    expect(entries[0]?.query).toEqual({ limit: 1 });
    expect(entries.at(-1)?.query).toEqual({ limit: 1000 });
    handle.clearRequests();
    expect(handle.requests()).toEqual([]);
  });
});

describe("the journal of the MSW handler set", () => {
  it("records what went through the handlers; clearRequests() empties it", async () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: `${BASE}/v1`, tokens: [TOKEN] });
    const response = await getResponse(plantStore.handlers, authorized("/v1/plants?limit=2"));
    expect(response?.status).toBe(200);
    expect(plantStore.requests().map((entry) => [entry.path, entry.query, entry.status])).toEqual([
      ["/v1/plants", { limit: 2 }, 200],
    ]);
    plantStore.clearRequests();
    expect(plantStore.requests()).toEqual([]);
  });
});

describe("tokens in the request target", () => {
  it("are redacted from the journal's path and query, however they are spelled", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: ["journal-secret"] });
    const auth = { authorization: "Bearer journal-secret" };
    await handle(
      new Request("http://m.test/plants?access%5Ftoken=journal-secret&limit=1", { headers: auth }),
    );
    await handle(new Request("http://m.test/plants/journal-secret", { headers: auth }));
    await handle(new Request("http://m.test/plants?x=journal%2Dsecret"));
    const entries = handle.requests();
    expect(entries).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toMatch(/journal(-|%2D)secret/);
    expect(entries[0]?.query).toEqual({ access_token: "[redacted]", limit: 1 });
    expect(entries[1]?.path).toBe("/plants/[redacted]");
  });

  it("are redacted from the method, and the admin token too", async () => {
    const adminToken = "journal-admin-secret";
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN], admin: { token: adminToken } });
    const method = await handle(authorized("/plants", { method: "journal-admin-secret" }));
    expect(method.status).toBe(405);
    expect(await method.json()).toEqual({
      error: 405,
      message: "The [redacted] method is not allowed on /plants; use GET or POST.",
    });
    await handle(authorized(`/plants?admin=${adminToken}`));
    expect(handle.requests().map((entry) => [entry.method, entry.query])).toEqual([
      ["[redacted]", {}],
      ["GET", { admin: "[redacted]" }],
    ]);
  });

  // Open mode: no `tokens`, any well-formed bearer token is accepted (the MSW default).
  const OWN_TOKEN = "myOwnTok3nABCDEF";
  type Serving = Pick<PlantStoreRequestJournal, "requests"> & {
    handle(request: Request): Promise<Response | undefined>;
  };
  it.each<[string, () => Serving]>([
    [
      "the fetch handler",
      () => {
        const handler = createPlantStoreFetchHandler();
        return { handle: handler, requests: handler.requests };
      },
    ],
    [
      "the MSW handler set",
      () => {
        const plantStore = createPlantStoreHandlers({ baseUrl: BASE });
        return {
          handle: (request) => getResponse(plantStore.handlers, request),
          requests: plantStore.requests,
        };
      },
    ],
  ])(
    "in open mode (%s), are redacted from every entry while a request accepted with them is kept",
    async (_serving, serve) => {
      const { handle, requests } = serve();
      const own = { authorization: `Bearer ${OWN_TOKEN}` };
      const other = { authorization: "Bearer another-caller-token" };
      expect((await handle(request("/plants", { headers: own })))?.status).toBe(200);
      await handle(request(`/plants?key=${OWN_TOKEN}`, { headers: other }));
      await handle(
        request("/plants", {
          method: "POST",
          headers: { ...other, "content-type": "application/json" },
          body: JSON.stringify({ name: "x", k: OWN_TOKEN }),
        }),
      );
      await handle(request(`/plants?key=${OWN_TOKEN}`));
      const entries = requests();
      expect(entries.map((entry) => [entry.status, entry.query, entry.body])).toEqual([
        [200, {}, undefined],
        [200, { key: "[redacted]" }, undefined],
        [201, {}, { name: "x", k: "[redacted]" }],
        [401, { key: "[redacted]" }, undefined],
      ]);
      expect(JSON.stringify(entries)).not.toContain(OWN_TOKEN);
    },
  );

  it("are redacted from create bodies: values, keys, numbers; short ones only whole", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN, "t", "12345678"] });
    const bodies = [
      { name: "Fern", apiKey: TOKEN, nested: [{ deep: `x${TOKEN}x` }] },
      { name: "t", tag: "totally", [TOKEN]: 1 },
      { name: "Pin", id: 12345678 },
    ];
    for (const body of bodies) await handle(createRequest(JSON.stringify(body)));
    // The redacted id is no plant id any more: the body is shown as invalid, never typed wrong.
    expect(handle.requests().map((entry) => entry.body ?? entry.invalidBody)).toEqual([
      { name: "Fern", apiKey: "[redacted]", nested: [{ deep: "[redacted]" }] },
      { name: "[redacted]", tag: "totally", "[redacted]": 1 },
      { name: "Pin", id: "[redacted]" },
    ]);
    expect(handle.requests()[2]).not.toHaveProperty("body");
  });
});
