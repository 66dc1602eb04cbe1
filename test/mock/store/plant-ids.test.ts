import { describe, expect, it } from "vitest";
import { PlantIds } from "../../../src/mock/store/plant-records.js";

describe("PlantIds", () => {
  it("hands out 1, 2, 3 ... while nothing is claimed explicitly", () => {
    const ids = new PlantIds();
    for (const expected of [1, 2, 3]) {
      expect(ids.free).toBe(expected);
      expect(ids.has(expected)).toBe(false);
      ids.add(ids.free);
      expect(ids.has(expected)).toBe(true);
    }
    expect(ids.free).toBe(4);
  });

  it("skips explicit ids above the run, and joins them to it once it reaches them", () => {
    const ids = new PlantIds();
    ids.add(3);
    ids.add(2);
    ids.add(10);
    expect([ids.has(1), ids.has(2), ids.has(3), ids.has(4), ids.has(10)]).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
    expect(ids.free).toBe(1);
    ids.add(1);
    expect(ids.free).toBe(4);
    expect([ids.has(2), ids.has(3), ids.has(10)]).toEqual([true, true, true]);
  });
});
