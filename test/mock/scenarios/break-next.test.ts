// breakNext in process, on the fetch handler and a sandbox: what it refuses when set, what each
// kind answers (or does not), that a broken create stores nothing, that a hang ends when the
// faults are cleared, and what the journal says.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { BREAK_KINDS, createPlantStoreFetchHandler } from "../../../src/mock/index.js";

const BASE = "http://mock.test";
const TOKEN = "break-token";
const AUTH = { authorization: `Bearer ${TOKEN}` };
const list = (init: RequestInit = {}) => new Request(`${BASE}/plants`, { headers: AUTH, ...init });
const create = (body = '{"name":"Broken fern"}', token = TOKEN) =>
  new Request(`${BASE}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });

type Handler = ReturnType<typeof createPlantStoreFetchHandler>;

/** Whether `promise` has settled after every pending callback has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe("breakNext refuses, when called, what it cannot do", () => {
  it.each<[string, (h: Handler) => void, typeof TypeError | typeof RangeError, string]>([
    [
      "an unknown operation",
      (h) => h.breakNext("deletePlant" as "listPlants", "hang"),
      TypeError,
      'breakNext: unknown operation "deletePlant"; use listPlants or createPlant.',
    ],
    [
      "an unknown kind",
      (h) => h.breakNext("listPlants", "timeout" as "hang"),
      TypeError,
      "breakNext: kind must be one of network-error, hang, truncated, malformed-json, wrong-shape.",
    ],
    [
      "a kind that is no string",
      (h) => h.breakNext("listPlants", 1 as unknown as "hang"),
      TypeError,
      "breakNext: kind must be one of network-error, hang, truncated, malformed-json, wrong-shape.",
    ],
    [
      "times of 0",
      (h) => h.breakNext("listPlants", "hang", { times: 0 }),
      RangeError,
      "breakNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      "a fractional times",
      (h) => h.breakNext("listPlants", "hang", { times: 1.5 }),
      RangeError,
      "breakNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      "times as a string",
      (h) => h.breakNext("listPlants", "hang", { times: "2" as unknown as number }),
      TypeError,
      "breakNext: times must be an integer from 1 to 9007199254740991, or Infinity.",
    ],
    [
      "a misspelt option",
      (h) => h.breakNext("listPlants", "hang", { time: 2 } as object),
      TypeError,
      'breakNext: unknown option "time"; the options are times, when.',
    ],
  ])("%s", async (_name, call, ErrorClass, message) => {
    const handle = createPlantStoreFetchHandler();
    expect(() => call(handle)).toThrow(new ErrorClass(message));
    expect(() => call(handle)).toThrow(ErrorClass);
    // Nothing was queued: the call is answered as usual.
    expect((await handle(list())).status).toBe(200);
  });

  it("lists every kind, the same as openapi.admin.yaml's fault and journal entry", () => {
    const schemas = parse(readFileSync("openapi.admin.yaml", "utf8")).components.schemas;
    expect(BREAK_KINDS).toEqual([
      "network-error",
      "hang",
      "truncated",
      "malformed-json",
      "wrong-shape",
    ]);
    expect(schemas.Fault.properties.break.enum).toEqual(BREAK_KINDS);
    expect(schemas.JournalEntryFields.properties.broken.enum).toEqual(BREAK_KINDS);
  });
});

describe("each kind on the fetch handler", () => {
  it("network-error: the promise rejects with a TypeError, as a browser's fetch does", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.breakNext("listPlants", "network-error");
    const failure = await handle(list()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((await handle(list())).status).toBe(200);
  });

  it("hang: never settles until the faults are cleared, then rejects as a dropped connection", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.breakNext("listPlants", "hang");
    const pending = handle(list());
    expect(await settled(pending)).toBe(false);
    // Listed while it hangs: nothing will ever be answered.
    expect(handle.requests()).toMatchObject([
      { method: "GET", status: 0, scripted: "breakNext", broken: "hang" },
    ]);
    handle.clearFaults();
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });

  it("hang: a caller's abort ends it with the signal's reason, as fetch does", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.breakNext("listPlants", "hang");
    const controller = new AbortController();
    const pending = handle(list({ signal: controller.signal }));
    const reason = new Error("gave up");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("truncated: a 2xx whose body stream gives the first half of the JSON, then errors", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.breakNext("listPlants", "truncated");
    const response = await handle(list());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const part = new TextDecoder().decode(first.value);
    expect(part.startsWith('[{"name":')).toBe(true);
    expect(() => JSON.parse(part)).toThrow(SyntaxError);
    await expect(reader.read()).rejects.toBeInstanceOf(TypeError);
  });

  it("truncated: reading the whole body rejects with a TypeError", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.breakNext("createPlant", "truncated");
    const response = await handle(create());
    expect(response.status).toBe(201);
    await expect(response.text()).rejects.toBeInstanceOf(TypeError);
  });

  it.each([
    ["listPlants", list, 200],
    ["createPlant", create, 201],
  ] as const)(
    "malformed-json on %s: a %s with a JSON Content-Type and a body that is not JSON",
    async (operation, request, status) => {
      const handle = createPlantStoreFetchHandler();
      handle.breakNext(operation, "malformed-json");
      const response = await handle(request());
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toBe("application/json");
      const text = await response.text();
      expect(text).not.toBe("");
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
    },
  );

  it("wrong-shape on listPlants: an object where the contract declares a list", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.breakNext("listPlants", "wrong-shape");
    const response = await handle(list());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(typeof body).toBe("object");
    expect(Array.isArray(body)).toBe(false);
  });

  it("wrong-shape on createPlant: a plant without a name, with the configured create status", async () => {
    const handle = createPlantStoreFetchHandler({ createStatus: 200 });
    handle.breakNext("createPlant", "wrong-shape");
    const response = await handle(create());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toBeTypeOf("object");
    expect(body).not.toHaveProperty("name");
  });
});

describe("what every kind shares", () => {
  it.each(BREAK_KINDS)(
    "%s: a broken create stores nothing; the journal keeps what was sent",
    async (kind) => {
      const handle = createPlantStoreFetchHandler();
      const before = handle.store.entries();
      handle.breakNext("createPlant", kind);
      const pending = handle(create()).then(
        (response) => response.text(),
        () => "",
      );
      // A hang ends here, once it has arrived (it is listed then), so every kind gets as far as it goes.
      if (kind === "hang") {
        await vi.waitFor(() => expect(handle.requests()).toHaveLength(1));
        handle.clearFaults();
      }
      await pending.catch(() => "");
      expect(handle.store.entries()).toEqual(before);
      const noAnswer = kind === "network-error" || kind === "hang";
      expect(handle.requests()).toEqual([
        expect.objectContaining({
          method: "POST",
          status: noAnswer ? 0 : 201,
          body: { name: "Broken fern" },
          scripted: "breakNext",
          broken: kind,
        }),
      ]);
      // The next create is answered and stored as usual.
      expect((await handle(create())).status).toBe(201);
      expect(handle.store.size).toBe(before.length + 1);
    },
  );

  it("applies only after authentication and routing: a 401 or 404 is never replaced", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    handle.breakNext("listPlants", "network-error");
    const unauthenticated = new Request(`${BASE}/plants`, {
      headers: { authorization: "Bearer wrong" },
    });
    expect((await handle(unauthenticated)).status).toBe(401);
    expect((await handle(new Request(`${BASE}/elsewhere`, { headers: AUTH }))).status).toBe(404);
    // Still queued for the first call that reaches the operation.
    await expect(handle(list())).rejects.toBeInstanceOf(TypeError);
    expect((await handle(list())).status).toBe(200);
  });

  it("shares one queue with failNext, in the order set, and honours times", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.failNext("listPlants", { status: 503 });
    handle.breakNext("listPlants", "malformed-json", { times: 2 });
    handle.failNext("listPlants", { status: 502 });
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await handle(list());
      const text = await response.text();
      statuses.push(
        response.status === 200 && text.startsWith("[{name") ? "broken" : response.status,
      );
    }
    expect(statuses).toEqual([503, "broken", "broken", 502, 200]);
    expect(handle.requests().map((entry) => entry.scripted)).toEqual([
      "failNext",
      "breakNext",
      "breakNext",
      "failNext",
      undefined,
    ]);
  });

  it("breaks every call with times: Infinity until clearFaults()", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.breakNext("listPlants", "network-error", { times: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 3; i++) await expect(handle(list())).rejects.toBeInstanceOf(TypeError);
    handle.clearFaults();
    expect((await handle(list())).status).toBe(200);
  });
});

describe("on a sandbox", () => {
  it("applies to the sandbox alone", async () => {
    const handle = createPlantStoreFetchHandler();
    const sandbox = handle.createSandbox();
    sandbox.breakNext("createPlant", "wrong-shape");
    expect((await (await handle(create())).json()).name).toBe("Broken fern");
    const broken = await handle(create(undefined, sandbox.token));
    expect(await broken.json()).not.toHaveProperty("name");
    expect(sandbox.store.size).toBe(handle.store.size - 1);
    expect(sandbox.requests()).toMatchObject([{ scripted: "breakNext", broken: "wrong-shape" }]);
    expect(handle.requests()[0]).not.toHaveProperty("broken");
  });

  it.each([
    ["clearFaults()", (s: ReturnType<Handler["createSandbox"]>) => s.clearFaults()],
    ["reset()", (s: ReturnType<Handler["createSandbox"]>) => s.reset()],
    ["close()", (s: ReturnType<Handler["createSandbox"]>) => s.close()],
  ])("a hang in a sandbox ends on its %s, and only its own", async (_name, end) => {
    const handle = createPlantStoreFetchHandler();
    const sandbox = handle.createSandbox();
    const other = handle.createSandbox();
    sandbox.breakNext("listPlants", "hang");
    other.breakNext("listPlants", "hang");
    handle.breakNext("listPlants", "hang");
    const sandboxed = handle(new Request(`${BASE}/plants`, { headers: bearer(sandbox.token) }));
    const elsewhere = handle(new Request(`${BASE}/plants`, { headers: bearer(other.token) }));
    const global = handle(list());
    end(sandbox);
    await expect(sandboxed).rejects.toBeInstanceOf(TypeError);
    expect(await settled(elsewhere)).toBe(false);
    expect(await settled(global)).toBe(false);
    other.clearFaults();
    handle.clearFaults();
    await expect(elsewhere).rejects.toBeInstanceOf(TypeError);
    await expect(global).rejects.toBeInstanceOf(TypeError);
  });
});

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
