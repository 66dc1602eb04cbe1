// The fault helpers refuse, when called, what they cannot do, and do exactly what they say.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import { startPlantStoreServer } from "../../../src/server/index.js";

const BASE = "http://mock.test";
const AUTH = { authorization: "Bearer t1" };
const list = () => new Request(`${BASE}/plants`, { headers: AUTH });

afterEach(() => {
  vi.useRealTimers();
});

type Call = (handle: ReturnType<typeof createPlantStoreFetchHandler>) => void;

describe("fault helpers refuse what they cannot do", () => {
  it.each<[string, Call, typeof TypeError | typeof RangeError, string]>([
    [
      "a delay longer than a timer can hold",
      (h) => h.delayNext("listPlants", 2 ** 31),
      RangeError,
      "delayNext: ms must be a number of milliseconds from 0 to 2147483647.",
    ],
    [
      "an infinite delay",
      (h) => h.delayNext("listPlants", Number.POSITIVE_INFINITY),
      RangeError,
      "delayNext: ms must be a number of milliseconds from 0 to 2147483647.",
    ],
    [
      "a delay given as a string",
      (h) => h.delayNext("listPlants", "100" as unknown as number),
      TypeError,
      "delayNext: ms must be a number of milliseconds from 0 to 2147483647.",
    ],
    [
      "a misspelt delayNext option",
      (h) => h.delayNext("listPlants", 10, { time: 2 } as object),
      TypeError,
      'delayNext: unknown option "time"; the options are times, when.',
    ],
    [
      "an invalid header name",
      (h) => h.failNext("listPlants", { status: 503, headers: { "Retry After": "1" } }),
      TypeError,
      'failNext: headers: "Retry After" is not a valid header name.',
    ],
    [
      "a header value with CR/LF",
      (h) => h.failNext("listPlants", { headers: { "x-note": "a\r\nset-cookie: s=1" } }),
      TypeError,
      'failNext: headers["x-note"] is not a valid header value: visible ASCII, spaces and tabs only.',
    ],
    [
      "a header value with a non-ASCII character",
      (h) => h.failNext("listPlants", { headers: { "x-a": "é" } }),
      TypeError,
      'failNext: headers["x-a"] is not a valid header value: visible ASCII, spaces and tabs only.',
    ],
    [
      "a Headers value with a Latin-1 character",
      (h) => h.failNext("listPlants", { headers: new Headers({ "X-A": "caf\u00e9" }) }),
      TypeError,
      'failNext: headers["x-a"] is not a valid header value: visible ASCII, spaces and tabs only.',
    ],
    [
      "a message of null",
      (h) => h.failNext("listPlants", { message: null as unknown as string }),
      TypeError,
      "failNext: message must be a string.",
    ],
    [
      "an empty message",
      (h) => h.failNext("listPlants", { message: "" }),
      RangeError,
      "failNext: message must not be empty.",
    ],
    [
      "a header value that is no string",
      (h) => h.failNext("listPlants", { headers: { "retry-after": 1 as unknown as string } }),
      TypeError,
      'failNext: headers["retry-after"] must be a string.',
    ],
    [
      "a header given twice in two cases",
      (h) => h.failNext("listPlants", { headers: { "retry-after": "1", "Retry-After": "2" } }),
      TypeError,
      'failNext: headers: "Retry-After" is given twice (names ignore case).',
    ],
    [
      "a header that frames the body",
      (h) => h.failNext("listPlants", { headers: { "Content-Length": "0" } }),
      TypeError,
      'failNext: headers: "Content-Length" cannot be set; the server frames and encodes the body itself.',
    ],
    [
      "a header that encodes the body (every HTTP client would fail to decode plain JSON)",
      (h) => h.failNext("listPlants", { status: 503, headers: { "Content-Encoding": "gzip" } }),
      TypeError,
      'failNext: headers: "Content-Encoding" cannot be set; the server frames and encodes the body itself.',
    ],
    [
      "a header that changes the connection",
      (h) => h.failNext("listPlants", { headers: { "Transfer-Encoding": "chunked" } }),
      TypeError,
      'failNext: headers: "Transfer-Encoding" cannot be set; the server frames and encodes the body itself.',
    ],
    [
      "chaos with a failure that encodes the body",
      (h) =>
        h.chaos({ rate: 1, seed: 1, failures: [{ status: 503, headers: { Upgrade: "h2c" } }] }),
      TypeError,
      'chaos: failures[0].headers: "Upgrade" cannot be set; the server frames and encodes the body itself.',
    ],
    [
      "headers that are no object",
      (h) => h.failNext("listPlants", { headers: "retry-after: 1" as unknown as object } as object),
      TypeError,
      "failNext: headers must be a Headers or an object of header names and string values.",
    ],
    [
      "a message that is no string",
      (h) => h.failNext("listPlants", { message: { text: "Boom" } as unknown as string }),
      TypeError,
      "failNext: message must be a string.",
    ],
    [
      "a status given as a string",
      (h) => h.failNext("listPlants", { status: "503" as unknown as 503 }),
      TypeError,
      "failNext: status must be an integer from 400 to 599.",
    ],
    [
      "a status that is no failure",
      // @ts-expect-error: a status no failure can have does not compile; JavaScript gets this.
      (h) => h.failNext("listPlants", { status: 200 }),
      RangeError,
      "failNext: status must be an integer from 400 to 599.",
    ],
    [
      "times given as a string",
      (h) => h.failNext("listPlants", { times: "2" as unknown as number }),
      TypeError,
      "failNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      "times of null (not 1: the rule has no default but leaving it out)",
      (h) => h.failNext("listPlants", { times: null as unknown as number }),
      TypeError,
      "failNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      "times of 1e300, beyond the counts JavaScript holds exactly",
      (h) => h.failNext("listPlants", { times: 1e300 }),
      RangeError,
      "failNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      'times of "Infinity", the admin body\'s spelling (in process it is the number)',
      (h) => h.failNext("listPlants", { times: "Infinity" as unknown as number }),
      TypeError,
      "failNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      "a misspelt failNext option",
      (h) => h.failNext("listPlants", { stauts: 503 } as object),
      TypeError,
      'failNext: unknown option "stauts"; the options are status, message, headers, times, when.',
    ],
    [
      "options that are no object",
      (h) => h.failNext("listPlants", 503 as unknown as object),
      TypeError,
      "failNext: options must be an object.",
    ],
  ])("%s", (_, call, errorClass, message) => {
    const handle = createPlantStoreFetchHandler();
    expect(() => call(handle)).toThrow(errorClass);
    expect(() => call(handle)).toThrow(new errorClass(message));
  });

  it("leaves the scenario queue untouched after a refused call", async () => {
    const handle = createPlantStoreFetchHandler();
    expect(() => handle.failNext("listPlants", { status: 503, message: 5 as never })).toThrow();
    expect((await handle(list())).status).toBe(200);
  });
});

describe("fault helpers do what they say", () => {
  it("failNext without options answers 500 with the default message", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.failNext("listPlants");
    const res = await handle(list());
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: 500,
      message: "listPlants failed with status 500 (simulated by failNext).",
    });
    expect((await handle(list())).status).toBe(200);
  });

  it("holds the longest delay a timer can hold instead of answering at once", async () => {
    vi.useFakeTimers();
    const handle = createPlantStoreFetchHandler();
    handle.delayNext("listPlants", 2 ** 31 - 1);
    let settled = false;
    const pending = handle(list()).then((res) => {
      settled = true;
      return res;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    expect((await pending).status).toBe(200);
  });

  it("a header in another case replaces the answer's own instead of adding to it", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.failNext("listPlants", {
      status: 503,
      headers: { "Content-Type": "application/problem+json", "Retry-After": " 7 " },
    });
    const res = await handle(list());
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("retry-after")).toBe("7");
  });

  it("takes the headers from a Headers instance", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.failNext("listPlants", { status: 503, headers: new Headers({ "Retry-After": "1" }) });
    const res = await handle(list());
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
  });

  it("the same over real HTTP: one Content-Type, the one given", async () => {
    const server = await startPlantStoreServer({ tokens: ["t1"] });
    try {
      server.failNext("createPlant", { status: 429, headers: { "CONTENT-TYPE": "text/plain" } });
      const res = await fetch(`${server.url}/plants`, {
        method: "POST",
        headers: { ...AUTH, "content-type": "application/json" },
        body: '{"name":"Aloe"}',
      });
      expect(res.status).toBe(429);
      expect(res.headers.get("content-type")).toBe("text/plain");
      expect(await res.text()).toBe(
        '{"error":429,"message":"createPlant failed with status 429 (simulated by failNext)."}',
      );
    } finally {
      await server.close();
    }
  });
});
