// chaos: from now on calls fail at random, decided by a seeded generator; checked when set,
// ended by chaos(null), clearFaults() or a reset. The same sequence on every serving path is
// tested in test/server/chaos-sequence.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { OPERATIONS } from "../../../src/contract/journal-entries.js";
import {
  BREAK_KINDS,
  type ChaosOptions,
  createPlantStoreFetchHandler,
  type PlantStoreFetchHandler,
} from "../../../src/mock/index.js";

const BASE = "http://mock.test";
const AUTH = { authorization: "Bearer t1" };
const list = () => new Request(`${BASE}/plants`, { headers: AUTH });
const create = (name: string) =>
  new Request(`${BASE}/plants`, {
    method: "POST",
    headers: { ...AUTH, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });

async function statuses(handle: PlantStoreFetchHandler, count: number): Promise<number[]> {
  const seen = [];
  for (let i = 0; i < count; i++) seen.push((await handle(list())).status);
  return seen;
}

describe("chaos on the fetch handler", () => {
  it("fails about `rate` of the calls, the same ones for the same seed", async () => {
    const runs = [];
    for (const seed of [7, 7, 8]) {
      const handle = createPlantStoreFetchHandler();
      handle.chaos({ rate: 0.3, seed, failures: [{ status: 503 }, { status: 429 }] });
      runs.push(await statuses(handle, 200));
    }
    const [first, again, other] = runs as [number[], number[], number[]];
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    const failed = first.filter((status) => status !== 200);
    expect(failed.length).toBeGreaterThan(40);
    expect(failed.length).toBeLessThan(80);
    expect(new Set(failed)).toEqual(new Set([503, 429]));
  });

  it("answers the Error body, journals scripted: chaos, and stores no failed create", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    handle.chaos({
      rate: 1,
      seed: 1,
      failures: [{ status: 502, headers: { "Retry-After": "1" } }],
    });
    const answer = await handle(create("Lost"));
    expect([answer.status, answer.headers.get("retry-after"), await answer.json()]).toEqual([
      502,
      "1",
      { error: 502, message: "createPlant failed with status 502 (simulated by chaos)." },
    ]);
    expect(handle.store.entries()).toEqual([]);
    expect(handle.requests()).toMatchObject([
      { status: 502, body: { name: "Lost" }, scripted: "chaos" },
    ]);
  });

  it("picks break kinds too, journalled with the kind", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.chaos({ rate: 1, seed: 3, failures: ["malformed-json"], operations: ["listPlants"] });
    const answer = await handle(list());
    expect(answer.status).toBe(200);
    await expect(answer.json()).rejects.toThrow(SyntaxError);
    expect(handle.requests()).toMatchObject([
      { status: 200, scripted: "chaos", broken: "malformed-json" },
    ]);
  });

  it("applies only to `operations`, after queued answers and Prefer", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.chaos({ rate: 1, seed: 5, failures: [{ status: 500 }], operations: ["createPlant"] });
    expect((await handle(list())).status).toBe(200);
    expect((await handle(create("a"))).status).toBe(500);
    handle.failNext("createPlant", { status: 418 });
    expect((await handle(create("b"))).status).toBe(418);
    const preferred = create("c");
    preferred.headers.set("prefer", "code=503");
    expect((await handle(preferred)).status).toBe(503);
    expect(handle.requests().map((entry) => entry.scripted)).toEqual([
      undefined,
      "chaos",
      "failNext",
      "prefer",
    ]);
  });

  it("ends on chaos(null), clearFaults() and a sandbox's reset(); a new chaos starts over", async () => {
    const handle = createPlantStoreFetchHandler();
    const always: ChaosOptions = { rate: 1, seed: 9, failures: [{ status: 503 }] };
    handle.chaos(always);
    handle.chaos(null);
    expect((await handle(list())).status).toBe(200);
    handle.chaos(always);
    handle.clearFaults();
    expect((await handle(list())).status).toBe(200);
    const sandbox = handle.createSandbox();
    const inSandbox = () =>
      handle(
        new Request(`${BASE}/plants`, { headers: { authorization: `Bearer ${sandbox.token}` } }),
      );
    sandbox.chaos(always);
    expect([(await inSandbox()).status, (await handle(list())).status]).toEqual([503, 200]);
    sandbox.reset();
    expect((await inSandbox()).status).toBe(200);
    const seeded: ChaosOptions = { rate: 0.5, seed: 11, failures: [{ status: 500 }] };
    handle.chaos(seeded);
    const first = await statuses(handle, 30);
    handle.chaos(seeded);
    expect(await statuses(handle, 30)).toEqual(first);
  });

  it("holds a chaos hang until clearFaults(), which drops it as a lost connection", async () => {
    const handle = createPlantStoreFetchHandler();
    handle.chaos({ rate: 1, seed: 1, failures: ["hang"] });
    let settled = false;
    const hanging = handle(list()).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    handle.clearFaults();
    await expect(hanging).rejects.toThrow(TypeError);
    expect(handle.requests()).toMatchObject([{ status: 0, scripted: "chaos", broken: "hang" }]);
  });

  it("keeps every acknowledged create listed exactly once over 10,000 requests at rate 0.3", async () => {
    const handle = createPlantStoreFetchHandler({ seed: [] });
    handle.chaos({
      rate: 0.3,
      seed: 2026,
      failures: [
        { status: 503 },
        { status: 500 },
        "network-error",
        "truncated",
        "malformed-json",
        "wrong-shape",
      ],
    });
    const acknowledged: string[] = [];
    let failedCreates = 0;
    for (let i = 0; i < 10_000; i++) {
      if (i % 2 === 0) {
        const name = `plant-${i}`;
        const plant = await handle(create(name))
          .then(async (answer) => (answer.status === 201 ? await answer.json() : undefined))
          .catch(() => undefined);
        if (plant !== undefined && plant.name === name) acknowledged.push(name);
        else failedCreates++;
      } else {
        await handle(list())
          .then((answer) => answer.text())
          .catch(() => undefined);
      }
    }
    expect(failedCreates).toBeGreaterThan(1000);
    handle.chaos(null);
    const listed = (await (await handle(list())).json()) as { name: string }[];
    expect(listed.map((plant) => plant.name)).toEqual(acknowledged);
    expect(handle.store.size).toBe(acknowledged.length);
  }, 60_000);
});

describe("chaos refuses, when set, what it cannot do", () => {
  const failures = [{ status: 503 }];
  it.each<[string, unknown, typeof TypeError | typeof RangeError, string]>([
    [
      "rate above 1",
      { rate: 1.5, seed: 1, failures },
      RangeError,
      "chaos: rate must be a number from 0 to 1.",
    ],
    [
      "rate NaN",
      { rate: Number.NaN, seed: 1, failures },
      RangeError,
      "chaos: rate must be a number from 0 to 1.",
    ],
    [
      "rate as a string",
      { rate: "0.3", seed: 1, failures },
      TypeError,
      "chaos: rate must be a number from 0 to 1.",
    ],
    [
      "a fractional seed (a number the rule does not take, as every number check of the package)",
      { rate: 0.3, seed: 1.5, failures },
      RangeError,
      "chaos: seed must be an integer from 0 to 4294967295.",
    ],
    [
      "no seed",
      { rate: 0.3, failures },
      TypeError,
      "chaos: seed must be an integer from 0 to 4294967295.",
    ],
    [
      "a negative seed",
      { rate: 0.3, seed: -1, failures },
      RangeError,
      "chaos: seed must be an integer from 0 to 4294967295.",
    ],
    [
      "no failures",
      { rate: 0.3, seed: 1, failures: [] },
      RangeError,
      "chaos: failures must be a non-empty array of { status, message?, headers? } or break kinds (network-error, hang, truncated, malformed-json, wrong-shape).",
    ],
    [
      "failures not an array",
      { rate: 0.3, seed: 1, failures: "network-error" },
      TypeError,
      "chaos: failures must be a non-empty array of { status, message?, headers? } or break kinds (network-error, hang, truncated, malformed-json, wrong-shape).",
    ],
    [
      "an unknown break kind",
      { rate: 0.3, seed: 1, failures: [{ status: 503 }, "explode"] },
      TypeError,
      "chaos: failures[1] must be one of network-error, hang, truncated, malformed-json, wrong-shape, or an object.",
    ],
    [
      "a failure status that is no failure",
      { rate: 0.3, seed: 1, failures: [{ status: 200 }] },
      RangeError,
      "chaos: failures[0].status must be an integer from 400 to 599.",
    ],
    [
      "an empty failure message",
      { rate: 0.3, seed: 1, failures: [{ message: "" }] },
      RangeError,
      "chaos: failures[0].message must not be empty.",
    ],
    [
      "a misspelt failure field",
      { rate: 0.3, seed: 1, failures: [{ stauts: 503 }] },
      TypeError,
      'chaos: failures[0]: unknown option "stauts"; the options are status, message, headers.',
    ],
    [
      "times in a failure (chaos decides how often)",
      { rate: 0.3, seed: 1, failures: [{ status: 503, times: 2 }] },
      TypeError,
      'chaos: failures[0]: unknown option "times"; the options are status, message, headers.',
    ],
    [
      "an unknown operation",
      { rate: 0.3, seed: 1, failures, operations: ["listPlants", "deletePlant"] },
      TypeError,
      "chaos: operations[1] must be listPlants or createPlant.",
    ],
    [
      "no operations",
      { rate: 0.3, seed: 1, failures, operations: [] },
      RangeError,
      "chaos: operations must be a non-empty array of listPlants, createPlant.",
    ],
    [
      "a misspelt option",
      { rate: 0.3, seed: 1, failures, operation: ["listPlants"] },
      TypeError,
      'chaos: unknown option "operation"; the options are rate, seed, failures, operations, when.',
    ],
    [
      "a hole in failures (a draw would pick it and fail nothing)",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the point
      { rate: 0.3, seed: 1, failures: [, "hang"] },
      TypeError,
      "chaos: failures[0]: options must be an object.",
    ],
    ["options that are no object", "often", TypeError, "chaos: options must be an object."],
  ])("%s", async (_, options, errorClass, message) => {
    const handle = createPlantStoreFetchHandler();
    handle.chaos({ rate: 1, seed: 1, failures: [{ status: 503 }] });
    const call = () => handle.chaos(options as never);
    expect(call).toThrow(new errorClass(message));
    expect(call).toThrow(errorClass);
    // A refused chaos leaves the one before it in place.
    expect((await handle(list())).status).toBe(503);
  });
});

describe("openapi.admin.yaml's chaos body", () => {
  it("lists the same break kinds and operations as the in-process chaos", () => {
    const { schemas } = parse(readFileSync("openapi.admin.yaml", "utf8")).components;
    expect(schemas.Chaos.properties.failures.items.oneOf[1].enum).toEqual(BREAK_KINDS);
    expect(schemas.Chaos.properties.operations.items.enum).toEqual(OPERATIONS);
    expect(schemas.ScriptedResponse.properties.operation.enum).toEqual(OPERATIONS);
  });
});
