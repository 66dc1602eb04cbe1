import { afterEach, describe, expect, it, vi } from "vitest";
import { createPlantStoreClient } from "../../src/client/index.js";
import { createPlantStore, createPlantStoreFetchHandler } from "../../src/mock/index.js";

const BASE = "http://mock.test";
const AUTH = { authorization: "Bearer t1" };
const JSON_HEADERS = { ...AUTH, "content-type": "application/json" };

function post(body: BodyInit, headers: Record<string, string> = JSON_HEADERS): Request {
  return new Request(`${BASE}/plants`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

describe("serving the SDK without interception", () => {
  it("can be the SDK's fetch", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }], basePath: "/v1" });
    const client = createPlantStoreClient({ baseUrl: `${BASE}/v1`, token: "t1", fetch: handle });
    expect(await client.createPlant({ name: "Ivy", tag: "vine" })).toEqual({
      name: "Ivy",
      tag: "vine",
    });
    expect(await client.listPlants({ limit: 5 })).toEqual([
      { name: "Fern" },
      { name: "Ivy", tag: "vine" },
    ]);
    expect(handle.store.entries()).toEqual([
      { id: 1, name: "Fern", owner: null },
      { id: 2, name: "Ivy", tag: "vine", owner: "t1" },
    ]);
  });
});

describe("CORS", () => {
  it("answers any OPTIONS before auth with the preflight headers", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: ["t1"] });
    const res = await handle(new Request(`${BASE}/plants`, { method: "OPTIONS" }));
    expect(res.status).toBe(204);
    expect(Object.fromEntries(res.headers)).toEqual({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "Authorization, Content-Type, Prefer",
      "access-control-max-age": "600",
    });
  });

  it("sets the configured origin on every answer, failures included", async () => {
    const handle = createPlantStoreFetchHandler({ corsOrigin: "https://app.example" });
    const ok = await handle(new Request(`${BASE}/plants`, { headers: AUTH }));
    const denied = await handle(new Request(`${BASE}/plants`));
    for (const res of [ok, denied]) {
      expect(res.headers.get("access-control-allow-origin")).toBe("https://app.example");
      expect(res.headers.get("access-control-expose-headers")).toBe(
        "WWW-Authenticate, Allow, Retry-After",
      );
    }
  });

  it("with corsOrigin null sends no CORS headers and treats OPTIONS as any other method", async () => {
    const handle = createPlantStoreFetchHandler({ corsOrigin: null });
    const anonymous = await handle(new Request(`${BASE}/plants`, { method: "OPTIONS" }));
    expect(anonymous.status).toBe(401);
    const res = await handle(new Request(`${BASE}/plants`, { method: "OPTIONS", headers: AUTH }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("options", () => {
  it("serves under basePath, with or without slashes, and 404s the bare path", async () => {
    for (const basePath of ["/v1", "v1", "/v1/"]) {
      const handle = createPlantStoreFetchHandler({ basePath });
      expect((await handle(new Request(`${BASE}/v1/plants`, { headers: AUTH }))).status).toBe(200);
      const res = await handle(new Request(`${BASE}/plants`, { headers: AUTH }));
      expect(await res.json()).toEqual({
        error: 404,
        message: "The request path is not part of the Plant Store API; use /v1/plants.",
      });
    }
  });

  it("refuses invalid createStatus and maxBodyBytes at creation", () => {
    expect(() => createPlantStoreFetchHandler({ createStatus: 204 as 201 })).toThrow(RangeError);
    expect(() => createPlantStoreFetchHandler({ maxBodyBytes: 0 })).toThrow(RangeError);
  });

  it("accepts +json content types and charset parameters", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    for (const type of [
      "application/json; charset=utf-8",
      "application/vnd.api+json",
      "APPLICATION/JSON",
    ]) {
      const res = await handle(post('{"name":"x"}', { ...AUTH, "content-type": type }));
      expect(res.status).toBe(201);
    }
    for (const type of ["text/plain", "application/jsonx", "+json", "text/json"]) {
      const res = await handle(post('{"name":"x"}', { ...AUTH, "content-type": type }));
      expect(res.status).toBe(415);
    }
  });
});

describe("request bodies", () => {
  it("refuses a declared oversized body with 413 without reading it", async () => {
    const handle = createPlantStoreFetchHandler({ maxBodyBytes: 100 });
    const pull = vi.fn();
    // highWaterMark 0: the stream pulls only when someone reads.
    const body = new ReadableStream({ pull }, { highWaterMark: 0 });
    const res = await handle(post(body, { ...JSON_HEADERS, "content-length": "101" }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 413,
      message: "The request body is larger than the 100-byte limit.",
    });
    expect(pull).not.toHaveBeenCalled();
  });

  it("stops reading an endless body once it passes the limit", async () => {
    const handle = createPlantStoreFetchHandler({ maxBodyBytes: 1_048_576 });
    let chunks = 0;
    const endless = new ReadableStream({
      pull(controller) {
        chunks++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await handle(post(endless));
    expect(res.status).toBe(413);
    // 1 MiB is 16 chunks of 64 KiB: it gave up at the 17th (plus the stream's read-ahead).
    expect(chunks).toBeLessThanOrEqual(18);
  });

  // Invalid UTF-8 itself (400, nothing stored) is a case of the contract suite, on every path.
  it("reads a UTF-8 character split across chunks", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    const split = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"caf'));
        controller.enqueue(new Uint8Array([0xc3]));
        controller.enqueue(new Uint8Array([0xa9, 0x22, 0x7d]));
        controller.close();
      },
    });
    const ok = await handle(post(split));
    expect(await ok.json()).toEqual({ name: "caf\u00e9" });
    expect(handle.store.size).toBe(1);
  });
});

describe("fault scenarios", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("failNext answers the Error body with the given status, headers and count", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    handle.failNext("createPlant", { status: 503, times: 2, headers: { "retry-after": "1" } });
    for (let i = 0; i < 2; i++) {
      const res = await handle(post('{"name":"x"}'));
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(await res.json()).toEqual({
        error: 503,
        message: "createPlant failed with status 503 (simulated by failNext).",
      });
    }
    expect(handle.store.size).toBe(0);
    expect((await handle(post('{"name":"x"}'))).status).toBe(201);
  });

  it("applies only after auth and routing, and only to its operation", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    handle.failNext("listPlants", { status: 500, message: "Boom." });
    expect((await handle(new Request(`${BASE}/plants`))).status).toBe(401);
    expect((await handle(new Request(`${BASE}/nope`, { headers: AUTH }))).status).toBe(404);
    expect((await handle(post('{"name":"x"}'))).status).toBe(201);
    const res = await handle(new Request(`${BASE}/plants`, { headers: AUTH }));
    expect(await res.json()).toEqual({ error: 500, message: "Boom." });
    expect((await handle(new Request(`${BASE}/plants`, { headers: AUTH }))).status).toBe(200);
  });

  it("delayNext holds the answer back for the given time, then answers normally", async () => {
    vi.useFakeTimers();
    const handle = createPlantStoreFetchHandler();
    handle.delayNext("listPlants", 5_000);
    let settled = false;
    const pending = handle(new Request(`${BASE}/plants`, { headers: AUTH })).then((res) => {
      settled = true;
      return res;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it("clearFaults drops pending failures and delays; bad arguments throw", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.failNext("listPlants", { status: 500, times: Number.POSITIVE_INFINITY });
    handle.delayNext("listPlants", 60_000);
    handle.clearFaults();
    expect((await handle(new Request(`${BASE}/plants`, { headers: AUTH }))).status).toBe(200);
    // @ts-expect-error: a status no failure can have does not compile; JavaScript gets this.
    expect(() => handle.failNext("listPlants", { status: 200 })).toThrow(RangeError);
    expect(() => handle.failNext("listPlants", { status: 500, times: 0 })).toThrow(RangeError);
    expect(() => handle.delayNext("listPlants", -1)).toThrow(RangeError);
    expect(() => handle.failNext("deletePlant" as "listPlants", { status: 500 })).toThrow(
      TypeError,
    );
  });
});

describe("requests as the runtime parsed them", () => {
  it("reads neither path nor query from a URL fragment, which a Request keeps", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [{ name: "Fern" }, { name: "Ivy" }] });
    const list = async (url: string) => (await handle(new Request(url, { headers: AUTH }))).json();
    expect(await list(`${BASE}/plants#top`)).toEqual([{ name: "Fern" }, { name: "Ivy" }]);
    expect(await list(`${BASE}/plants?limit=1#top`)).toEqual([{ name: "Fern" }]);
    expect(await list(`${BASE}/plants#?limit=x`)).toEqual([{ name: "Fern" }, { name: "Ivy" }]);
  });

  it("answers a create whose body something else already read with a 500 that says so", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    const request = post('{"name":"Read"}');
    await request.text();
    const res = await handle(request);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: 500,
      message:
        "The request body had already been read before the Plant Store handler got it; a handler in front of it must read request.clone() instead.",
    });
    expect(handle.store.size).toBe(0);
  });
});

describe("misuse and failures", () => {
  it.each([
    ["a URL string", "http://m/plants"],
    ["a URL object", new URL("http://m/plants")],
    ["nothing", undefined],
  ])("rejects %s with a TypeError saying a Request is needed", async (_, input) => {
    const handle = createPlantStoreFetchHandler();
    const error = await handle(input as unknown as Request).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      "The Plant Store fetch handler takes a Request, such as handle(new Request(url, init)).",
    );
  });

  it("answers a store that throws with the 500 Error body and the CORS headers, as the Node server does", async () => {
    const store = createPlantStore();
    store.list = () => {
      throw new Error("disk on fire");
    };
    const handle = createPlantStoreFetchHandler({ store, corsOrigin: "https://app.example" });
    const res = await handle(new Request(`${BASE}/plants`, { headers: AUTH }));
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(await res.json()).toEqual({
      error: 500,
      message: "The server failed while handling the request.",
    });
  });
});
