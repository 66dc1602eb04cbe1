// The types of `when` and respondWith, derived per operation from openapi.yaml: the partial form
// names only the fields of the operation's request, the function form and respondWith get the
// request as the journal types it, and respondWith returns respondNext's answers. Each line
// marked @ts-expect-error fails the typecheck (npm run typecheck, vitest's typecheck) if the
// types ever loosen.
import { describe, expectTypeOf, it } from "vitest";
import { createPlantStoreAdmin } from "../../../src/admin/index.js";
import {
  type CreatePlantBody,
  createPlantStoreFetchHandler,
  type ListPlantsQuery,
  type PartialRequest,
  type ReceivedRequest,
  type RespondWithAnswer,
} from "../../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import type { PlantStoreServer } from "../../../src/server/index.js";

declare const server: PlantStoreServer;
const handle = createPlantStoreFetchHandler();
const msw = createPlantStoreHandlers({ baseUrl: "https://api.example.test" });
const admin = createPlantStoreAdmin({ baseUrl: "http://127.0.0.1:4010" });

describe("when", () => {
  it("names the fields of the operation's request", async () => {
    handle.failNext("createPlant", { status: 409, when: { body: { name: "Ivy" } } });
    handle.failNext("listPlants", { when: { query: { limit: 2 } } });
    msw.respondNext("listPlants", { status: 200, body: [], when: { query: { limit: 2 } } });
    server.delayNext("createPlant", 100, { when: { body: { tag: "slow", id: 3 } } });
    handle.createSandbox().breakNext("createPlant", "hang", { when: { body: {} } });
    handle.chaos({ rate: 1, seed: 1, failures: ["hang"], when: { query: { limit: 2 } } });
    await admin.failNext("createPlant", { status: 409, when: { body: { name: "Ivy" } } });
    await admin.respondNext("createPlant", {
      status: 201,
      body: { name: "Ivy" },
      when: { body: { name: "Ivy" } },
    });
    await admin.delayNext("listPlants", 10, { when: { query: { limit: 2 } } });
    await admin.breakNext("listPlants", "hang", { when: { query: { limit: 2 } } });
    await admin.chaos({ rate: 1, seed: 1, failures: ["hang"], when: { body: { name: "Ivy" } } });
    expectTypeOf<PartialRequest<"listPlants">>().toEqualTypeOf<{
      query?: { limit?: number | undefined } | undefined;
    }>();
  });

  it("refuses a field the operation's request does not have", async () => {
    // @ts-expect-error: a create has no query parameters
    handle.failNext("createPlant", { when: { query: { limit: 2 } } });
    // @ts-expect-error: a list has no body
    msw.failNext("listPlants", { when: { body: { name: "Ivy" } } });
    // @ts-expect-error: a list's query has only limit
    server.delayNext("listPlants", 1, { when: { query: { page: 2 } } });
    // @ts-expect-error: a plant has no colour
    handle.breakNext("createPlant", "hang", { when: { body: { colour: "red" } } });
    // @ts-expect-error: a limit is a number
    handle.respondNext("listPlants", { status: 200, body: [], when: { query: { limit: "2" } } });
    handle.chaos({
      rate: 1,
      seed: 1,
      failures: ["hang"],
      operations: ["listPlants"],
      // @ts-expect-error: chaos of lists only: no body
      when: { body: {} },
    });
    // @ts-expect-error: over HTTP too
    await admin.failNext("createPlant", { when: { query: { limit: 2 } } });
    // @ts-expect-error: and a function cannot be sent
    await admin.failNext("createPlant", { when: () => true });
  });

  it("gives a function the request as the journal lists it", () => {
    handle.failNext("createPlant", {
      when: (request) => {
        expectTypeOf(request).toEqualTypeOf<ReceivedRequest<"createPlant">>();
        expectTypeOf(request.body).toEqualTypeOf<CreatePlantBody | undefined>();
        return request.body?.tag === "cactus";
      },
    });
    handle.delayNext("listPlants", 10, {
      when: (request) => {
        expectTypeOf(request.query).toEqualTypeOf<ListPlantsQuery>();
        // @ts-expect-error: a list has no body to read a name from
        return request.body.name === "Ivy";
      },
    });
  });
});

describe("respondWith", () => {
  it("infers the request and the answer from the operation", () => {
    handle.respondWith("listPlants", (request) => {
      expectTypeOf(request).toEqualTypeOf<ReceivedRequest<"listPlants">>();
      return request.query.limit === 0 ? { status: 200, body: [] } : undefined;
    });
    server.respondWith("createPlant", (request) => ({
      status: 201,
      body: { name: request.body?.name ?? "unnamed" },
    }));
    msw.respondWith("createPlant", () => ({
      status: 409,
      body: { error: 409, message: "Taken." },
    }));
    handle.createSandbox().respondWith("listPlants", () => undefined);
    expectTypeOf<RespondWithAnswer<"listPlants">["status"]>().toEqualTypeOf<
      200 | import("../../../src/mock/index.js").ErrorStatus
    >();
  });

  it("refuses an answer openapi.yaml does not declare", () => {
    // @ts-expect-error: a list answers a list of plants
    handle.respondWith("listPlants", () => ({ status: 200, body: { name: "Ivy" } }));
    // @ts-expect-error: listPlants declares no 201
    handle.respondWith("listPlants", () => ({ status: 201, body: [] }));
    // A field too many in a returned literal (`id` in a plant, `times`) is not one TypeScript
    // flags in a function's result: respondWith refuses it when the function returns it
    // (respond-with.test.ts).
    // @ts-expect-error: the answer, not a promise of one
    handle.respondWith("listPlants", async () => ({ status: 200, body: [] }));
    // @ts-expect-error: in process only
    admin.respondWith;
  });
});
