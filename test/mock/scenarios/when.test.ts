// `when` in process: the partial form compared by the matchers' rule, the function form given
// the request as the journal lists it, the first queued match winning, chaos drawing for
// matching requests only, and every mistake refused when the scenario is set (over HTTP too).
// Every serving path is covered by test/lifecycle/when-on-every-path.test.ts.
import { describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler, type ReceivedRequest } from "../../../src/mock/index.js";

const BASE = "http://when.test";
const TOKEN = "when-token-0123";

function world(options: Parameters<typeof createPlantStoreFetchHandler>[0] = {}) {
  const handle = createPlantStoreFetchHandler({ tokens: [TOKEN], seed: [], ...options });
  const send = (target: string, body?: object) =>
    handle(
      new Request(`${BASE}${target}`, {
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { method: "POST", body: JSON.stringify(body) }),
      }),
    );
  const status = async (target: string, body?: object) =>
    send(target, body).then(
      (answer) => answer.status,
      () => "dropped",
    );
  return { handle, send, status };
}

describe("the partial form", () => {
  it("is compared as toHaveReceived compares: the fields given, objects partially", async () => {
    const { handle, status } = world();
    handle.failNext("createPlant", { status: 409, times: 3, when: { body: { name: "Ivy" } } });
    expect([
      await status("/plants", { name: "Ivy", tag: "vine", id: 7 }),
      await status("/plants", { name: "Ivy league" }),
      await status("/plants", { name: "ivy" }),
      await status("/plants", { tag: "Ivy" }),
      await status("/plants", { name: "Ivy" }),
    ]).toEqual([409, 201, 201, 400, 409]);
  });

  it("leaves out a field given as undefined: it means not given", async () => {
    const { handle, status } = world();
    handle.failNext("createPlant", {
      status: 503,
      when: { body: { name: "Ivy", tag: undefined } },
    });
    expect(await status("/plants", { name: "Ivy", tag: "vine" })).toBe(503);
  });

  it("is a copy: changing the object after it was set changes nothing", async () => {
    const { handle, status } = world();
    const when = { body: { name: "Ivy" } };
    handle.failNext("createPlant", { status: 503, when });
    when.body.name = "Fern";
    expect([
      await status("/plants", { name: "Fern" }),
      await status("/plants", { name: "Ivy" }),
    ]).toEqual([201, 503]);
  });

  it("matches a list by its limit as the journal reads it: a number, once valid", async () => {
    const { handle, status } = world();
    handle.failNext("listPlants", { status: 503, times: Infinity, when: { query: { limit: 0 } } });
    expect([
      await status("/plants"),
      await status("/plants?limit=0"),
      await status("/plants?limit=00"),
      await status("/plants?limit=0&other=1"),
    ]).toEqual([200, 503, 400, 503]);
  });

  it("sees the whole body of a create, even one too long for the journal to keep", async () => {
    const { handle, status } = world();
    handle.failNext("createPlant", { status: 409, when: { body: { name: "Ivy" } } });
    expect(await status("/plants", { name: "Ivy", tag: "x".repeat(20_000) })).toBe(409);
  });
});

describe("queued scenarios with when", () => {
  it("the first one that matches wins; one not matched stays queued with its times", async () => {
    const { handle, status } = world();
    handle.failNext("createPlant", { status: 409, times: 2, when: { body: { name: "Ivy" } } });
    handle.failNext("createPlant", { status: 503 });
    expect([
      await status("/plants", { name: "Fern" }),
      await status("/plants", { name: "Ivy" }),
      await status("/plants", { name: "Fern" }),
      await status("/plants", { name: "Ivy" }),
      await status("/plants", { name: "Ivy" }),
    ]).toEqual([503, 409, 201, 409, 201]);
  });

  it("respondNext and breakNext share the queue with failNext, each for its own requests", async () => {
    const { handle, status } = world();
    handle.breakNext("listPlants", "network-error", { when: { query: { limit: 1 } } });
    handle.respondNext("listPlants", { status: 200, body: [], when: { query: { limit: 2 } } });
    expect([
      await status("/plants?limit=2"),
      await status("/plants?limit=3"),
      await status("/plants?limit=1"),
    ]).toEqual([200, 200, "dropped"]);
    expect(handle.requests().map((entry) => entry.scripted)).toEqual([
      "respondNext",
      undefined,
      "breakNext",
    ]);
  });
});

describe("the function form", () => {
  it("gets the request as requests() lists it, tokens hidden, and decides by what it returns", async () => {
    const { handle, status } = world();
    const seen: ReceivedRequest<"createPlant">[] = [];
    handle.failNext("createPlant", {
      status: 422,
      times: Infinity,
      when: (request) => {
        seen.push(request);
        return request.body?.tag === "cactus";
      },
    });
    expect([
      await status("/plants?from=test", { name: "Saguaro", tag: "cactus" }),
      await status("/plants", { name: TOKEN, tag: "succulent" }),
      await status("/plants", { name: 5 }),
    ]).toEqual([422, 201, 400]);
    const listed = handle.requests({ operation: "createPlant" });
    expect(seen).toEqual(
      listed.map(({ operation, method, path, query, body, invalidBody }) => ({
        operation,
        method,
        path,
        query,
        ...(body === undefined ? {} : { body }),
        ...(invalidBody === undefined ? {} : { invalidBody }),
      })),
    );
    expect(seen[1]?.body?.name).toBe("[redacted]");
    // Frozen: a function cannot change what the next one sees.
    expect(Object.isFrozen(seen[0]?.body)).toBe(true);
  });

  it("that throws answers the request 500 naming what it threw, listed as the test's problem", async () => {
    const { handle, send } = world();
    handle.delayNext("listPlants", 10, {
      when: () => {
        throw new Error(`no limit for ${TOKEN}`);
      },
    });
    const answer = await send("/plants");
    expect([answer.status, await answer.json()]).toEqual([
      500,
      { error: 500, message: "delayNext: when threw: [redacted]" },
    ]);
    handle.failNext("listPlants", {
      when: () => {
        throw new RangeError("Boom");
      },
    });
    await send("/plants");
    expect(
      handle
        .requests()
        .map(({ status, scripted, scriptProblem }) => [status, scripted, scriptProblem]),
    ).toEqual([
      [500, "delayNext", "delayNext: when threw: [redacted]"],
      [500, "delayNext", "delayNext: when threw: [redacted]"],
    ]);
  });

  it("that returns a promise answers the request 500 saying so: a promise would match every request", async () => {
    const { handle, send } = world();
    handle.failNext("createPlant", { status: 409, when: (async () => true) as never });
    const answer = await send("/plants", { name: "Ivy" });
    expect([answer.status, await answer.json()]).toEqual([
      500,
      { error: 500, message: "failNext: when returned a promise; return true or false." },
    ]);
    expect(handle.requests()[0]).toMatchObject({
      scripted: "failNext",
      scriptProblem: "failNext: when returned a promise; return true or false.",
    });
  });
});

describe("chaos with when", () => {
  /** Statuses of the `limit=2` lists among `targets`, under chaos seeded 42 for them only. */
  async function chaosFor(targets: readonly string[]) {
    const { handle, status } = world();
    handle.chaos({
      rate: 0.5,
      seed: 42,
      failures: [{ status: 503 }],
      when: { query: { limit: 2 } },
    });
    const statuses: unknown[] = [];
    for (const target of targets) {
      const got = await status(target);
      if (target.endsWith("limit=2")) statuses.push(got);
      else expect(got, target).toBe(200);
    }
    return statuses;
  }

  it("draws for the matching requests only: the same seed gives them the same answers, whatever else arrives", async () => {
    const matching = Array(12).fill("/plants?limit=2");
    const mixed = matching.flatMap((target, i) =>
      i % 3 === 0 ? [target, "/plants", "/plants?limit=3"] : [target],
    );
    const alone = await chaosFor(matching);
    expect(await chaosFor(mixed)).toEqual(alone);
    expect(alone).toContain(503);
    expect(alone).toContain(200);
  });
});

describe("a when is checked when the scenario is set", () => {
  const { handle } = world();
  it.each<[string, () => void, typeof TypeError | typeof RangeError, string]>([
    [
      "a part the operation's request does not have",
      () => handle.failNext("listPlants", { when: { body: { name: "Ivy" } } } as never),
      TypeError,
      'failNext: when names "body", which a listPlants request does not have; when may name query.limit.',
    ],
    [
      "a field the operation's request does not have",
      () =>
        handle.respondNext("createPlant", {
          status: 201,
          body: { name: "Ivy" },
          when: { body: { colour: "red" } },
        } as never),
      TypeError,
      'respondNext: when names "body.colour", which a createPlant request does not have; when may name body.name, body.tag, body.id.',
    ],
    [
      "a field no operation of chaos has",
      () =>
        handle.chaos({
          rate: 1,
          seed: 1,
          failures: ["hang"],
          when: { query: { page: 2 } },
        } as never),
      TypeError,
      'chaos: when names "query.page", which a listPlants or createPlant request does not have; when may name query.limit, body.name, body.tag, body.id.',
    ],
    [
      "a when that is neither an object nor a function",
      () => handle.breakNext("listPlants", "hang", { when: "limit=2" as never }),
      TypeError,
      'breakNext: when must be an object such as { body: { name: "Ivy" } } or { query: { limit: 2 } }, or a function of the request.',
    ],
    [
      "a part that is no object",
      () => handle.failNext("createPlant", { when: { body: "Ivy" as never } }),
      TypeError,
      "failNext: when.body must be an object of the fields to match.",
    ],
    [
      "a limit no list can have",
      () => handle.delayNext("listPlants", 5, { when: { query: { limit: -1 } } }),
      RangeError,
      "delayNext: when.query.limit must be an integer from 0 to 2147483647.",
    ],
    [
      "a limit given as text",
      () => handle.failNext("listPlants", { when: { query: { limit: "2" as never } } }),
      TypeError,
      "failNext: when.query.limit must be an integer from 0 to 2147483647.",
    ],
    [
      "a name that is no string",
      () => handle.failNext("createPlant", { when: { body: { name: 5 as never } } }),
      TypeError,
      "failNext: when.body.name must be a non-empty string.",
    ],
    [
      "an empty name",
      () => handle.failNext("createPlant", { when: { body: { name: "" } } }),
      RangeError,
      "failNext: when.body.name must be a non-empty string.",
    ],
    [
      "a tag that is no string",
      () => handle.failNext("createPlant", { when: { body: { tag: 1 as never } } }),
      TypeError,
      "failNext: when.body.tag must be a string.",
    ],
    [
      "an id no plant can have",
      () => handle.failNext("createPlant", { when: { body: { id: 0 } } }),
      RangeError,
      "failNext: when.body.id must be an integer from 1 to 9007199254740991.",
    ],
  ])("refuses %s", (_, set, type, message) => {
    expect(set).toThrowError(new type(message));
    expect(() => set()).toThrowError(type);
  });

  it("sets nothing when it refuses", async () => {
    const { handle: fresh, status } = world();
    expect(() =>
      fresh.failNext("createPlant", { status: 503, when: { body: { name: 5 as never } } }),
    ).toThrowError(TypeError);
    expect(await status("/plants", { name: "Fern" })).toBe(201);
  });
});

describe("over HTTP", () => {
  const admin = () => {
    const { handle, status } = world({ admin: true });
    const post = async (path: string, body: object, method = "POST") => {
      const answer = await handle(
        new Request(`http://127.0.0.1/__admin/${path}`, {
          method,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      return [answer.status, answer.status === 204 ? null : await answer.json()];
    };
    return { post, status };
  };

  it("POST /__admin/faults takes when for the failure and the delay alike", async () => {
    const { post, status } = admin();
    expect(
      await post("faults", {
        operation: "createPlant",
        status: 409,
        delayMs: 0,
        when: { body: { name: "Ivy" } },
      }),
    ).toEqual([204, null]);
    expect([
      await status("/plants", { name: "Fern" }),
      await status("/plants", { name: "Ivy" }),
    ]).toEqual([201, 409]);
  });

  it.each<[string, string, object, string]>([
    [
      "a field the request lacks",
      "faults",
      { operation: "listPlants", when: { query: { page: 2 } } },
      'when names "query.page", which a listPlants request does not have; when may name query.limit.',
    ],
    [
      "a value of the wrong type",
      "responses",
      { operation: "createPlant", status: 201, body: { name: "Ivy" }, when: { body: { name: 5 } } },
      "when.body.name must be a non-empty string.",
    ],
    [
      "a when that is no object",
      "chaos",
      { rate: 1, seed: 1, failures: ["hang"], when: "Ivy" },
      'when must be an object such as {"body":{"name":"Ivy"}} or {"query":{"limit":2}}.',
    ],
    [
      "a field named by a token, not echoed",
      "faults",
      { operation: "createPlant", when: { body: { psb_AAAAAAAAAAAAAAAAAAAAAA: 1 } } },
      "when names (not shown: it may be a secret), which a createPlant request does not have; when may name body.name, body.tag, body.id.",
    ],
    [
      "a part named after what every object inherits",
      "faults",
      JSON.parse('{"operation":"createPlant","when":{"__proto__":{"toString":1}}}'),
      'when names "__proto__", which a createPlant request does not have; when may name body.name, body.tag, body.id.',
    ],
    [
      "a field named after what every object inherits",
      "faults",
      { operation: "createPlant", when: { body: { constructor: "Ivy" } } },
      'when names "body.constructor", which a createPlant request does not have; when may name body.name, body.tag, body.id.',
    ],
  ])("refuses %s with 400 naming it", async (_, path, body, message) => {
    const { post } = admin();
    expect(await post(path, body, path === "chaos" ? "PUT" : "POST")).toEqual([
      400,
      { error: 400, message },
    ]);
  });
});
