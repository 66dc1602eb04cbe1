// respondNext's (and chaos's) types, derived from openapi.yaml's generated `operations`: a status the
// operation declares (or any 4xx/5xx) with the body of that status. The @ts-expect-error lines
// fail the typecheck (npm run typecheck, vitest's typecheck) if the types ever loosen.
import { describe, expectTypeOf, it } from "vitest";
import { createPlantStoreAdmin } from "../../../src/admin/index.js";
import {
  createPlantStoreFetchHandler,
  type ErrorStatus,
  type RespondNextAnswer,
} from "../../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import type { PlantStoreServer } from "../../../src/server/index.js";

declare const server: PlantStoreServer;
const handle = createPlantStoreFetchHandler();
const msw = createPlantStoreHandlers({ baseUrl: "https://api.example.test" });
const admin = createPlantStoreAdmin({ baseUrl: "http://127.0.0.1:4010" });

describe("respondNext types", () => {
  it("take the answers openapi.yaml declares", async () => {
    handle.respondNext("listPlants", { status: 200, body: [{ name: "Fern", tag: "x" }] });
    handle.respondNext("createPlant", { status: 201, body: { name: "Fern" }, times: 2 });
    handle.respondNext("createPlant", { status: 200, body: { name: "Fern" }, headers: {} });
    msw.respondNext("listPlants", { status: 503, body: { error: 503, message: "Down." } });
    server.respondNext("createPlant", { status: 409, body: { error: 409, message: "Taken." } });
    handle.createSandbox().respondNext("listPlants", { status: 200, body: [] });
    await admin.respondNext("listPlants", { status: 200, body: [], times: Infinity });
    await (await admin.createSandbox()).respondNext("createPlant", {
      status: 201,
      body: { name: "Fern" },
    });
    expectTypeOf<ErrorStatus>().toExtend<number>();
    expectTypeOf<400>().toExtend<ErrorStatus>();
    expectTypeOf<599>().toExtend<ErrorStatus>();
    expectTypeOf<RespondNextAnswer<"listPlants">["status"]>().toEqualTypeOf<200 | ErrorStatus>();
    expectTypeOf<RespondNextAnswer<"createPlant">["status"]>().toEqualTypeOf<
      200 | 201 | ErrorStatus
    >();
  });

  it("refuse what openapi.yaml does not declare", async () => {
    // @ts-expect-error: a plant's name is a string
    handle.respondNext("listPlants", { status: 200, body: [{ name: 1 }] });
    // @ts-expect-error: listPlants declares no 201
    handle.respondNext("listPlants", { status: 201, body: [] });
    // @ts-expect-error: createPlant answers one plant, not a list
    handle.respondNext("createPlant", { status: 201, body: [] });
    // @ts-expect-error: a plant never carries an id
    msw.respondNext("createPlant", { status: 200, body: { name: "a", id: 1 } });
    // @ts-expect-error: a 503 has the Error body
    server.respondNext("listPlants", { status: 503, body: [] });
    // @ts-expect-error: the Error body has a message
    handle.respondNext("listPlants", { status: 500, body: { error: 500 } });
    // @ts-expect-error: 302 is neither declared nor a failure
    handle.respondNext("createPlant", { status: 302, body: { name: "a" } });
    // @ts-expect-error: the body is required
    handle.respondNext("listPlants", { status: 200 });
    // @ts-expect-error: only the two operations exist
    handle.respondNext("deletePlant", { status: 200, body: [] });
    // @ts-expect-error: the admin client takes the same types
    await admin.respondNext("listPlants", { status: 200, body: [{ name: 1 }] });
    // @ts-expect-error: and so does its sandbox
    await (await admin.createSandbox()).respondNext("listPlants", { status: 201, body: [] });
  });

  it("chaos takes failures as failNext does, or break kinds", async () => {
    handle.chaos({ rate: 0.3, seed: 1, failures: [{ status: 503 }, "network-error"] });
    server.chaos(null);
    await admin.chaos({ rate: 1, seed: 2, failures: ["hang"], operations: ["listPlants"] });
    // @ts-expect-error: not a break kind
    handle.chaos({ rate: 0.3, seed: 1, failures: ["explode"] });
    // @ts-expect-error: chaos decides how often, not times
    msw.chaos({ rate: 0.3, seed: 1, failures: [{ status: 503, times: 2 }] });
    // @ts-expect-error: the seed is required
    handle.chaos({ rate: 0.3, failures: ["hang"] });
    // @ts-expect-error: only the two operations exist
    await admin.chaos({ rate: 1, seed: 2, failures: ["hang"], operations: ["deletePlant"] });
  });
});
