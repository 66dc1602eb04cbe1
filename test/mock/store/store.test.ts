import { describe, expect, it, vi } from "vitest";
import { createPlantStore, defaultSeed } from "../../../src/mock/index.js";

const seed = [{ name: "Seed one", tag: "a" }, { name: "Seed two" }];

describe("createPlantStore: access model and order", () => {
  it("shows seed plants to everyone and each owner only its own plants", () => {
    const store = createPlantStore({ seed });
    store.create("alice", { name: "A1" });
    store.create("bob", { name: "B1", tag: "b" });
    store.create("alice", { name: "A2" });
    expect(store.list("alice")).toEqual([
      { name: "Seed one", tag: "a" },
      { name: "Seed two" },
      { name: "A1" },
      { name: "A2" },
    ]);
    expect(store.list("bob")).toEqual([
      { name: "Seed one", tag: "a" },
      { name: "Seed two" },
      { name: "B1", tag: "b" },
    ]);
    expect(store.list("carol")).toEqual([{ name: "Seed one", tag: "a" }, { name: "Seed two" }]);
  });

  it("interleaves public and own plants in creation order", () => {
    const store = createPlantStore({ seed: [] });
    store.create("alice", { name: "1" });
    store.create(null, { name: "2" });
    store.create("bob", { name: "x" });
    store.create("alice", { name: "3" });
    store.create(null, { name: "4" });
    expect(store.list("alice").map((p) => p.name)).toEqual(["1", "2", "3", "4"]);
    expect(store.list("alice", 3).map((p) => p.name)).toEqual(["1", "2", "3"]);
    expect(store.list("alice", 0)).toEqual([]);
  });

  it("never returns ids, and returned plants cannot be changed", () => {
    const store = createPlantStore({ seed: [] });
    store.create("alice", { name: "Fern", id: 7, tag: "green" });
    const [plant] = store.list("alice");
    expect(plant).toEqual({ name: "Fern", tag: "green" });
    expect(Object.isFrozen(plant)).toBe(true);
  });

  it("lists the first plants of a 1,000,000-plant store correctly for any viewer", () => {
    const store = createPlantStore({ seed });
    for (let i = 0; i < 1_000_000; i++) store.create(i % 2 ? "bob" : "carol", { name: `p${i}` });
    store.create("alice", { name: "mine" });
    expect(store.size).toBe(1_000_003);
    // 10,000 list calls would be 10^10 steps if listing scanned the store; the suite's
    // timeout catches that without measuring time.
    for (let i = 0; i < 10_000; i++) store.list("alice", 3);
    expect(store.list("alice", 3).map((p) => p.name)).toEqual(["Seed one", "Seed two", "mine"]);
    expect(store.list("bob", 4).map((p) => p.name)).toEqual(["Seed one", "Seed two", "p1", "p3"]);
  });

  it("rejects a limit that is not a non-negative integer", () => {
    const store = createPlantStore();
    expect(() => store.list("a", -1)).toThrow(RangeError);
    expect(() => store.list("a", 1.5)).toThrow(RangeError);
  });
});

describe("createPlantStore: ids", () => {
  it("assigns the next free id, skipping ids given explicitly", () => {
    const store = createPlantStore({ seed: [] });
    expect(store.create("a", { name: "x", id: 2 })).toMatchObject({ ok: true, id: 2 });
    expect(store.create("a", { name: "y" })).toMatchObject({ ok: true, id: 1 });
    expect(store.create("a", { name: "z" })).toMatchObject({ ok: true, id: 3 });
    expect(store.create("a", { name: "big", id: Number.MAX_SAFE_INTEGER })).toMatchObject({
      ok: true,
    });
    expect(store.create("a", { name: "w" })).toMatchObject({ ok: true, id: 4 });
  });

  it("reports a duplicate id, whoever owns it, and changes nothing", () => {
    const store = createPlantStore({ seed: [{ name: "Seeded", id: 5 }] });
    store.create("a", { name: "x", id: 9 });
    const before = store.entries();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.create("b", { name: "y", id: 9 })).toEqual({
      ok: false,
      reason: "duplicate-id",
      id: 9,
    });
    expect(store.create("b", { name: "y", id: 5 })).toMatchObject({ ok: false, id: 5 });
    expect(store.entries()).toEqual(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it("after load(), gives new plants the lowest free id, skipping loaded ones", () => {
    const store = createPlantStore({ seed: [] });
    store.load([1, 2, 3, 5].map((id) => ({ id, name: `p${id}`, owner: null })));
    expect(store.create("a", { name: "x" })).toMatchObject({ ok: true, id: 4 });
    expect(store.create("a", { name: "y" })).toMatchObject({ ok: true, id: 6 });
    expect(store.create("a", { name: "z", id: 5 })).toEqual({
      ok: false,
      reason: "duplicate-id",
      id: 5,
    });
  });

  it("gives seed plants without an id ids that avoid the explicit seed ids", () => {
    const store = createPlantStore({ seed: [{ name: "a" }, { name: "b", id: 1 }, { name: "c" }] });
    expect(store.entries().map((e) => e.id)).toEqual([2, 1, 3]);
  });

  it("refuses invalid input from direct callers", () => {
    const store = createPlantStore();
    const twice = () =>
      createPlantStore({
        seed: [
          { name: "a", id: 1 },
          { name: "b", id: 1 },
        ],
      });
    expect(twice).toThrow(RangeError);
    expect(() => store.create("a", { name: "" })).toThrow(TypeError);
    expect(() => store.create("a", { name: "x", id: 0 })).toThrow(TypeError);
    expect(() => store.create("a", { name: "x", id: 2 ** 53 })).toThrow(TypeError);
    expect(() =>
      createPlantStore({
        seed: [
          { name: "a", id: 1 },
          { name: "b", id: 1 },
        ],
      }),
    ).toThrow(new RangeError("seed[1]: id 1 is used twice."));
  });

  it.each([undefined, 5, "", "a b", "sha256:ab"])(
    "create refuses an owner no request could ever list (%j)",
    (owner) => {
      const store = createPlantStore({ seed });
      const call = () => store.create(owner as string, { name: "x" });
      expect(call).toThrow(TypeError);
      expect(call).toThrow(
        "create: owner must be null (a public plant) or a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.",
      );
      expect(store.size).toBe(seed.length);
    },
  );

  it("create takes null for a public plant and a bearer token for an owned one", () => {
    const store = createPlantStore({ seed: [] });
    store.create(null, { name: "Public" });
    store.create("t1", { name: "Own" });
    expect(store.list("t2").map((p) => p.name)).toEqual(["Public"]);
    expect(store.list("t1").map((p) => p.name)).toEqual(["Public", "Own"]);
  });

  it.each([null, "x", { length: 1 }])("refuses a seed that is no array (%j)", (value) => {
    const call = () => createPlantStore({ seed: value as never });
    expect(call).toThrow(TypeError);
    expect(call).toThrow('seed must be an array of plants, such as [{ name: "Aloe" }].');
  });
});

describe("createPlantStore: reset, entries, load, subscribe", () => {
  it("uses defaultSeed when no seed is given", () => {
    const store = createPlantStore();
    expect(store.list("anyone")).toEqual(defaultSeed.map(({ name, tag }) => ({ name, tag })));
    expect(defaultSeed.length).toBeGreaterThanOrEqual(3);
  });

  it("reset() returns to the seed with the same ids", () => {
    const store = createPlantStore({ seed });
    const initial = store.entries();
    store.create("a", { name: "x", id: 1000 });
    store.reset();
    expect(store.entries()).toEqual(initial);
    expect(store.size).toBe(2);
    expect(store.create("a", { name: "x", id: 1000 })).toMatchObject({ ok: true });
  });

  it("entries() lists everything in creation order with owners", () => {
    const store = createPlantStore({ seed: [{ name: "S", tag: "t" }] });
    store.create("a", { name: "A" });
    store.create("b", { name: "B", id: 10 });
    expect(store.entries()).toEqual([
      { id: 1, name: "S", tag: "t", owner: null },
      { id: 2, name: "A", owner: "a" },
      { id: 10, name: "B", owner: "b" },
    ]);
  });

  it("load() replaces the contents and continues id assignment after them", () => {
    const store = createPlantStore({ seed });
    store.load([
      { id: 1, name: "Loaded", owner: "a" },
      { id: 2, name: "Public", owner: null },
    ]);
    expect(store.list("a").map((p) => p.name)).toEqual(["Loaded", "Public"]);
    expect(store.list("b").map((p) => p.name)).toEqual(["Public"]);
    expect(store.create("a", { name: "Next" })).toMatchObject({ ok: true, id: 3 });
  });

  it("load() with a bad entry throws and leaves the store as it was", () => {
    const store = createPlantStore({ seed });
    const before = store.entries();
    const duplicate = [
      { id: 1, name: "x", owner: null },
      { id: 1, name: "y", owner: null },
    ];
    expect(() => store.load(duplicate)).toThrow(new RangeError("load[1]: id 1 is used twice."));
    expect(() => store.load(duplicate)).toThrow(RangeError);
    const missing = [{ name: "x", owner: null }] as never;
    expect(() => store.load(missing)).toThrow(new TypeError("load[0]: id is missing."));
    expect(() => store.load(missing)).toThrow(TypeError);
    expect(() => store.load([{ id: 1, name: "", owner: null }])).toThrow(TypeError);
    expect(store.entries()).toEqual(before);
  });

  it("subscribe() hears what changed: each create's plant, reset and load; none after unsubscribe", () => {
    const store = createPlantStore({ seed });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.create("a", { name: "x", tag: "t", id: 40 });
    store.create(null, { name: "y" });
    store.reset();
    store.load([]);
    expect(listener.mock.calls).toEqual([
      [{ kind: "create", plant: { id: 40, name: "x", tag: "t", owner: "a" } }],
      [{ kind: "create", plant: { id: 3, name: "y", owner: null } }],
      [{ kind: "reset" }],
      [{ kind: "load" }],
    ]);
    unsubscribe();
    store.create("a", { name: "z" });
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it("a throwing subscribe() listener changes nothing: the change stands, every listener hears it, the error goes to console.error", () => {
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const store = createPlantStore({ seed: [] });
      const failure = new Error("listener failed");
      store.subscribe(() => {
        throw failure;
      });
      const after = vi.fn();
      store.subscribe(after);
      expect(store.create("a", { name: "x" })).toEqual({ ok: true, id: 1, plant: { name: "x" } });
      expect(() => store.reset()).not.toThrow();
      expect(() => store.load([{ id: 5, name: "y", owner: null }])).not.toThrow();
      expect(store.entries()).toEqual([{ id: 5, name: "y", owner: null }]);
      expect(after.mock.calls).toEqual([
        [{ kind: "create", plant: { id: 1, name: "x", owner: "a" } }],
        [{ kind: "reset" }],
        [{ kind: "load" }],
      ]);
      expect(report).toHaveBeenCalledTimes(3);
      expect(report).toHaveBeenCalledWith(
        "plant-store: a subscribe() listener threw; the change it was told about stands:",
        failure,
      );
    } finally {
      report.mockRestore();
    }
  });

  it("subscribe() listeners see the change already made", () => {
    const store = createPlantStore({ seed: [] });
    const sizes: number[] = [];
    store.subscribe(() => sizes.push(store.size));
    store.create("a", { name: "x" });
    store.load([
      { id: 7, name: "l", owner: null },
      { id: 8, name: "m", owner: null },
    ]);
    expect(sizes).toEqual([1, 2]);
  });
});

describe("createPlantStore: load() input", () => {
  it.each(["x", null, { 0: {} }])("load() refuses entries that are no array (%j)", (value) => {
    const store = createPlantStore({ seed });
    const before = store.entries();
    const call = () => store.load(value as never);
    expect(call).toThrow(TypeError);
    expect(call).toThrow("load: entries must be an array of stored plants, as entries() returns.");
    expect(store.entries()).toEqual(before);
  });
});
