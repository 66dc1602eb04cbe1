// A scenario's `when` on every serving path (the fetch handler, the MSW handler set, the server
// object, the admin client over HTTP, and a sandbox of each): it is decided when the request
// arrives, by the request itself, so concurrent requests take the scenarios meant for them
// whatever order they arrive in; a request it does not match is answered as if it were not
// there; a field the operation lacks is refused when the scenario is set.
import { describe, expect, it } from "vitest";
import { PlantStoreAdminError } from "../../src/admin/index.js";
import { type Outcome, SERVING_PATH_NAMES, useServingPaths } from "./support/serving-paths.js";

const pathNamed = useServingPaths();

const NAMES = ["Fern", "Ivy", "Aloe"];

/** `items` in a random order (Fisher-Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A scenario set in process throws; over HTTP the admin client rejects: either, as a value. */
async function refusal(set: () => unknown): Promise<unknown> {
  try {
    await set();
  } catch (error) {
    if (error instanceof PlantStoreAdminError) return [error.status, error.body?.message];
    return [(error as Error).name, (error as Error).message];
  }
  return "set";
}

describe.each(SERVING_PATH_NAMES)("%s", (name) => {
  const path = () => pathNamed(name);

  it("three concurrent creates, failNext 409 when the body's name is Ivy: exactly the Ivy create fails, in 100 random orders", async () => {
    const { world } = path();
    for (let round = 0; round < 100; round++) {
      await world.failNext("createPlant", { status: 409, when: { body: { name: "Ivy" } } });
      const order = shuffled(NAMES);
      const outcomes = await Promise.all(
        order.map((plant) => path().send("/plants", { name: plant })),
      );
      const byName = Object.fromEntries(order.map((plant, i) => [plant, outcomes[i]]));
      expect(byName, `round ${round}, order ${order.join(", ")}`).toEqual({
        Fern: 201,
        Ivy: 409,
        Aloe: 201,
      });
      const scripted = (await world.requests()).map((entry) => {
        const { body, scripted } = entry as { body?: { name: string }; scripted?: string };
        return [body?.name, scripted];
      });
      expect(scripted.sort()).toEqual([
        ["Aloe", undefined],
        ["Fern", undefined],
        ["Ivy", "failNext"],
      ]);
      await world.reset();
    }
  });

  it("failNext, respondNext, breakNext and chaos with when answer the matching requests only; one not matched stays queued", async () => {
    const { world } = path();
    await world.failNext("listPlants", { status: 503, when: { query: { limit: 2 } } });
    await world.respondNext("listPlants", {
      status: 418,
      body: { error: 418, message: "Short and stout." },
      when: { query: { limit: 3 } },
    });
    await world.breakNext("createPlant", "network-error", { when: { body: { tag: "broken" } } });
    const outcomes: Outcome[] = [];
    for (const target of [
      "/plants?limit=1",
      "/plants?limit=3",
      "/plants?limit=2",
      "/plants?limit=2",
    ]) {
      outcomes.push(await path().send(target));
    }
    outcomes.push(await path().send("/plants", { name: "Fern", tag: "fine" }));
    outcomes.push(await path().send("/plants", { name: "Moss", tag: "broken" }));
    outcomes.push(await path().send("/plants", { name: "Moss", tag: "broken" }));
    expect(outcomes).toEqual([200, 418, 503, 200, 201, "dropped", 201]);

    await world.chaos({
      rate: 1,
      seed: 7,
      failures: [{ status: 502 }],
      when: { query: { limit: 2 } },
    });
    expect([await path().send("/plants?limit=2"), await path().send("/plants?limit=1")]).toEqual([
      502, 200,
    ]);
    expect(await path().send("/plants", { name: "Fern" })).toBe(201);
    await world.reset();
  });

  it("delayNext with when holds the matching request only, until the faults are cleared", async () => {
    const { world } = path();
    await world.delayNext("listPlants", 60_000, { when: { query: { limit: 2 } } });
    // Not matched: answered at once (the marker sendHeldList sends is `limit=0` too).
    expect(await path().send("/plants?limit=1")).toBe(200);
    const held = await path().sendHeldList("/plants?limit=2");
    await world.clearFaults();
    expect(await held.outcome).toBe("dropped");
    expect(await path().send("/plants?limit=2")).toBe(200);
    await world.reset();
  });

  it("a when that never matches leaves every answer as it was", async () => {
    const { world } = path();
    const run = async () => [
      await path().send("/plants"),
      await path().send("/plants?limit=1"),
      await path().send("/plants?limit=abc"),
      await path().send("/plants", { name: "Fern", tag: "fern" }),
      await path().send("/plants", { name: "" }),
      await path().send("/plants", { name: "Moss", id: 4242 }),
      await path().send("/plants", { name: "Moss again", id: 4242 }),
    ];
    const unscripted = await run();
    await world.reset();
    const never = { query: { limit: 999 } };
    const nobody = { body: { name: "Nobody" } };
    await world.failNext("listPlants", { status: 503, times: Infinity, when: never });
    await world.failNext("createPlant", { status: 503, times: Infinity, when: nobody });
    await world.respondNext("listPlants", { status: 200, body: [], times: Infinity, when: never });
    await world.delayNext("createPlant", 60_000, { times: Infinity, when: nobody });
    await world.breakNext("listPlants", "hang", { times: Infinity, when: never });
    await world.chaos({ rate: 1, seed: 1, failures: ["network-error"], when: nobody });
    expect(await run()).toEqual(unscripted);
    expect(unscripted).toEqual([200, 200, 400, 201, 400, 201, 409]);
    const entries = (await world.requests()) as { scripted?: string }[];
    expect(entries.filter((entry) => entry.scripted !== undefined)).toEqual([]);
    await world.reset();
  });

  it("a when naming a field the operation lacks is refused when set with a TypeError naming it, and sets nothing", async () => {
    const { world } = path();
    const lacking = (verb: string, field: string, operation: string, fields: string) => {
      const message = `when names "${field}", which a ${operation} request does not have; when may name ${fields}.`;
      // The admin client checks `when` by the same rule before sending: the same TypeError.
      return ["TypeError", `${verb}: ${message}`];
    };
    const BODY = "body.name, body.tag, body.id";
    const QUERY = "query.limit";
    const bad = { when: { query: { limit: 2 } } } as never;
    expect(await refusal(() => world.failNext("createPlant", bad))).toEqual(
      lacking("failNext", "query", "createPlant", BODY),
    );
    expect(
      await refusal(() =>
        world.respondNext("listPlants", {
          status: 200,
          body: [],
          when: { body: { name: "Ivy" } },
        } as never),
      ),
    ).toEqual(lacking("respondNext", "body", "listPlants", QUERY));
    expect(
      await refusal(() =>
        world.delayNext("listPlants", 10, { when: { query: { lmit: 2 } } } as never),
      ),
    ).toEqual(lacking("delayNext", "query.lmit", "listPlants", QUERY));
    expect(
      await refusal(() =>
        world.breakNext("createPlant", "hang", { when: { body: { colour: "red" } } } as never),
      ),
    ).toEqual(lacking("breakNext", "body.colour", "createPlant", BODY));
    expect(
      await refusal(() =>
        world.chaos({
          rate: 1,
          seed: 1,
          failures: ["hang"],
          operations: ["listPlants"],
          when: { body: { name: "Ivy" } },
        } as never),
      ),
    ).toEqual(lacking("chaos", "body", "listPlants", QUERY));
    // Nothing of the refused scenarios was set.
    expect([
      await path().send("/plants?limit=2"),
      await path().send("/plants", { name: "Ivy" }),
    ]).toEqual([200, 201]);
    await world.reset();
  });
});
