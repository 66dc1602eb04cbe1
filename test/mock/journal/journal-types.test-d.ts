// The journal's filter narrows the entries' type (issue 30): a test reads a create's body
// fields without a cast, and `operation: null` gives the entries of no operation.
import { describe, expectTypeOf, it } from "vitest";
import {
  type CreatePlantEntry,
  createPlantStoreFetchHandler,
  type JournalEntry,
  type ListPlantsEntry,
  type PlantStoreOperation,
  type UnmatchedEntry,
} from "../../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";

const handle = createPlantStoreFetchHandler();

describe("requests(filter) types", () => {
  it("narrows by operation", () => {
    expectTypeOf(handle.requests()).toEqualTypeOf<JournalEntry[]>();
    expectTypeOf(handle.requests({ status: 400 })).toEqualTypeOf<JournalEntry[]>();
    expectTypeOf(handle.requests({ operation: "createPlant" })).toEqualTypeOf<CreatePlantEntry[]>();
    expectTypeOf(handle.requests({ operation: "listPlants" })).toEqualTypeOf<ListPlantsEntry[]>();
    expectTypeOf(handle.requests({ operation: null })).toEqualTypeOf<UnmatchedEntry[]>();
    const some = "createPlant" as PlantStoreOperation;
    expectTypeOf(handle.requests({ operation: some })).toEqualTypeOf<
      (ListPlantsEntry | CreatePlantEntry)[]
    >();
  });

  it("types a create's body fields and a list's limit", () => {
    expectTypeOf(handle.requests({ operation: "createPlant" })[0]?.body?.name).toEqualTypeOf<
      string | undefined
    >();
    expectTypeOf(handle.requests({ operation: "createPlant" })[0]?.body?.id).toEqualTypeOf<
      number | undefined
    >();
    expectTypeOf(handle.requests({ operation: "listPlants" })[0]?.query.limit).toEqualTypeOf<
      number | string | string[] | undefined
    >();
    // Any entry's body can be read: only a create's can be there.
    expectTypeOf(handle.requests()[0]?.body?.name).toEqualTypeOf<string | undefined>();
  });

  it("is the same on the MSW set and a sandbox", () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: "https://t.test" });
    expectTypeOf(plantStore.requests({ operation: "createPlant" })).toEqualTypeOf<
      CreatePlantEntry[]
    >();
    expectTypeOf(plantStore.createSandbox().requests({ operation: null })).toEqualTypeOf<
      UnmatchedEntry[]
    >();
  });

  it("refuses a filter field or operation that does not exist", () => {
    // @ts-expect-error: not an operation
    handle.requests({ operation: "deletePlant" });
    // @ts-expect-error: not a filter field
    handle.requests({ op: "createPlant" });
  });
});

describe("violations(filter) types", () => {
  it("narrows as requests does, with the reason always there", () => {
    const [create] = handle.violations({ operation: "createPlant" });
    expectTypeOf(create?.violation).toEqualTypeOf<string | undefined>();
    expectTypeOf(create?.body?.name).toEqualTypeOf<string | undefined>();
    const all = handle.violations();
    expectTypeOf(all[0]?.violation).toEqualTypeOf<string | undefined>();
    if (all[0] !== undefined) expectTypeOf(all[0].violation).toEqualTypeOf<string>();
  });
});

describe("the admin client's filter types", () => {
  it("narrows as in process, from the types generated from openapi.admin.yaml", async () => {
    const { createPlantStoreAdmin } = await import("../../../src/admin/index.js");
    const admin = createPlantStoreAdmin({ baseUrl: "http://127.0.0.1:4010" });
    const creates = await admin.requests({ operation: "createPlant" });
    expectTypeOf(creates[0]?.body?.name).toEqualTypeOf<string | undefined>();
    expectTypeOf(creates[0]?.operation).toEqualTypeOf<"createPlant" | undefined>();
    const none = await admin.requests({ operation: null });
    expectTypeOf(none[0]?.operation).toEqualTypeOf<null | undefined>();
    expectTypeOf((await admin.violations())[0]?.violation).toEqualTypeOf<string | undefined>();
    expectTypeOf((await admin.coverage())[0]?.status).toEqualTypeOf<
      number | "default" | undefined
    >();
  });
});
