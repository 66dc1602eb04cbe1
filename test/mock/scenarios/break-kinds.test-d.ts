// breakNext takes only the five kinds, in process and through the admin client: a misspelt kind
// fails the build, not the test run.
import { describe, expectTypeOf, it } from "vitest";
import type { AdminBreakKind, PlantStoreAdminWorld } from "../../../src/admin/index.js";
import type { BreakKind, PlantStoreScenarios } from "../../../src/mock/index.js";

declare const faults: PlantStoreScenarios;
declare const admin: PlantStoreAdminWorld;

describe("break kinds", () => {
  it("are the same five in process and in the admin document", () => {
    expectTypeOf<BreakKind>().toEqualTypeOf<AdminBreakKind>();
    expectTypeOf<BreakKind>().toEqualTypeOf<
      "network-error" | "hang" | "truncated" | "malformed-json" | "wrong-shape"
    >();
  });

  it("refuse anything else at compile time", () => {
    faults.breakNext("listPlants", "hang", { times: 2 });
    // @ts-expect-error: not a break kind
    faults.breakNext("listPlants", "timeout");
    // @ts-expect-error: not an operation
    faults.breakNext("deletePlant", "hang");
    // @ts-expect-error: not an option of breakNext
    faults.breakNext("createPlant", "hang", { status: 500 });
    void admin.breakNext("createPlant", "wrong-shape");
    // @ts-expect-error: not a break kind
    void admin.breakNext("createPlant", "slow");
  });
});
