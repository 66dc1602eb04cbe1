// failNext's status, like respondNext's, is typed from what it can ever be: a 4xx or 5xx. A
// status no failure can have does not compile, in process, in a sandbox and in the admin client
// (JavaScript still gets the RangeError or the 400 naming it).
import { describe, it } from "vitest";
import { createPlantStoreAdmin } from "../../../src/admin/index.js";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import type { PlantStoreServer } from "../../../src/server/index.js";

declare const server: PlantStoreServer;
const handle = createPlantStoreFetchHandler();
const msw = createPlantStoreHandlers({ baseUrl: "https://api.example.test" });
const admin = createPlantStoreAdmin({ baseUrl: "http://127.0.0.1:4010" });

describe("failNext status types", () => {
  it("take every 4xx and 5xx", async () => {
    handle.failNext("listPlants", { status: 400 });
    msw.failNext("createPlant", { status: 599 });
    server.failNext("listPlants", { status: 503, times: 2 });
    handle.createSandbox().failNext("listPlants", { status: 409 });
    handle.chaos({ rate: 1, seed: 1, failures: [{ status: 429 }, "hang"] });
    await admin.failNext("listPlants", { status: 500 });
    await (await admin.createSandbox()).failNext("createPlant", { status: 404 });
    await admin.chaos({ rate: 1, seed: 1, failures: [{ status: 502 }] });
  });

  it("refuse a status no failure can have", async () => {
    // @ts-expect-error: 200 is no failure
    handle.failNext("listPlants", { status: 200 });
    // @ts-expect-error: 302 is no failure
    msw.failNext("listPlants", { status: 302 });
    // @ts-expect-error: 600 is no HTTP status
    server.failNext("listPlants", { status: 600 });
    // @ts-expect-error: in a sandbox too
    handle.createSandbox().failNext("listPlants", { status: 201 });
    // @ts-expect-error: and in chaos's failures
    handle.chaos({ rate: 1, seed: 1, failures: [{ status: 204 }] });
    // @ts-expect-error: over HTTP, through the admin client
    await admin.failNext("listPlants", { status: 200 });
    // @ts-expect-error: in an admin client's sandbox
    await (await admin.createSandbox()).failNext("listPlants", { status: 399 });
    // @ts-expect-error: in the admin client's chaos
    await admin.chaos({ rate: 1, seed: 1, failures: [{ status: 100 }] });
  });
});
