// generatePlants: real names with fitting tags from the built-in list, the same for a seed (on
// every runtime: test/runtimes/ compares Bun's, Deno's and workerd's with Node's), every plant
// valid by the contract, and its arguments checked like every other.
import { describe, expect, it } from "vitest";
import { checkNewPlant } from "../../../src/contract/plant-fields.js";
import { createPlantStore, generatePlants } from "../../../src/mock/index.js";
import { PLANT_NAMES_BY_TAG } from "../../../src/mock/store/plant-names.js";

const ALL_NAMES = Object.values(PLANT_NAMES_BY_TAG).flat();

describe("the built-in list", () => {
  it("holds at least 300 names, none twice, each under one tag", () => {
    expect(ALL_NAMES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(ALL_NAMES.map((name) => name.toLowerCase())).size).toBe(ALL_NAMES.length);
    for (const tag of Object.keys(PLANT_NAMES_BY_TAG)) expect(tag).toMatch(/^[a-z]+$/);
  });
});

describe("generatePlants", () => {
  it("gives the same plants for the same seed, and others for another", () => {
    expect(generatePlants(1000, { seed: 2026 })).toEqual(generatePlants(1000, { seed: 2026 }));
    expect(generatePlants(50, { seed: 1 })).not.toEqual(generatePlants(50, { seed: 2 }));
    // Seed 0 when none is given.
    expect(generatePlants(20)).toEqual(generatePlants(20, { seed: 0 }));
  });

  it("keeps what a seed gives from one release to the next", () => {
    // A user's snapshot or assertion may hold these: a change here breaks their tests.
    expect(generatePlants(5, { seed: 2026 })).toEqual([
      { name: "Bee balm", tag: "flowering" },
      { name: "Peruvian apple cactus", tag: "cactus" },
      { name: "Strawberry", tag: "fruit" },
      { name: "Haworthia", tag: "succulent" },
      { name: "Hedgehog cactus", tag: "cactus" },
    ]);
  });

  it("gives each plant a name from the list with its tag, and no id", () => {
    const tagOf = new Map(
      Object.entries(PLANT_NAMES_BY_TAG).flatMap(([tag, names]) =>
        names.map((name) => [name, tag]),
      ),
    );
    for (const plant of generatePlants(2000, { seed: 9 })) {
      expect(Object.keys(plant).sort()).toEqual(["name", "tag"]);
      expect(tagOf.get(plant.name)).toBe(plant.tag);
    }
  });

  it("uses every name once before any name repeats", () => {
    const count = ALL_NAMES.length;
    const plants = generatePlants(count * 2, { seed: 5 });
    expect(new Set(plants.slice(0, count).map((plant) => plant.name)).size).toBe(count);
    expect(new Set(plants.slice(count).map((plant) => plant.name)).size).toBe(count);
    // Shuffled afresh for each pass, not the same order again.
    expect(plants.slice(count)).not.toEqual(plants.slice(0, count));
  });

  it("makes plants the contract accepts: as create bodies, and as a store's seed", () => {
    const plants = generatePlants(3000, { seed: 77 });
    for (const plant of plants) expect(checkNewPlant(plant)).toEqual({ ok: true, plant });
    const store = createPlantStore({ seed: plants });
    expect(store.size).toBe(3000);
    expect(store.list("anyone", 3)).toEqual(plants.slice(0, 3));
  });

  it("gives fresh objects: changing one changes nothing generated later", () => {
    const [first] = generatePlants(1, { seed: 3 });
    if (first === undefined) throw new Error("no plant");
    first.name = "Changed";
    expect(generatePlants(1, { seed: 3 })[0]?.name).not.toBe("Changed");
  });

  it("gives none for a count of 0", () => {
    expect(generatePlants(0, { seed: 4 })).toEqual([]);
  });

  it.each<[string, () => unknown, typeof TypeError | typeof RangeError, string]>([
    [
      "a count given as text",
      () => generatePlants("10" as never),
      TypeError,
      "generatePlants: count must be an integer from 0 to 1000000.",
    ],
    [
      "a negative count",
      () => generatePlants(-1),
      RangeError,
      "generatePlants: count must be an integer from 0 to 1000000.",
    ],
    [
      "a fractional count",
      () => generatePlants(2.5),
      RangeError,
      "generatePlants: count must be an integer from 0 to 1000000.",
    ],
    [
      "more than a million",
      () => generatePlants(1_000_001),
      RangeError,
      "generatePlants: count must be an integer from 0 to 1000000.",
    ],
    [
      "a seed given as text",
      () => generatePlants(1, { seed: "7" as never }),
      TypeError,
      "generatePlants: seed must be an integer from 0 to 4294967295.",
    ],
    [
      "a seed above 2^32 - 1",
      () => generatePlants(1, { seed: 2 ** 32 }),
      RangeError,
      "generatePlants: seed must be an integer from 0 to 4294967295.",
    ],
    [
      "a misspelt option",
      () => generatePlants(1, { sead: 1 } as never),
      TypeError,
      'generatePlants: unknown option "sead"; the options are seed.',
    ],
    [
      "options that are no object",
      () => generatePlants(1, 7 as never),
      TypeError,
      "generatePlants: options must be an object.",
    ],
  ])("refuses %s, naming it", (_, call, type, message) => {
    expect(call).toThrowError(new type(message));
    expect(call).toThrowError(type);
  });
});
