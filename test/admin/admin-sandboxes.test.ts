// admin.createSandbox() against a real server: sandboxes driven over HTTP, as a Playwright
// worker would, each seeing only its own plants, faults and requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreAdmin, PlantStoreAdminError } from "../../src/admin/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const ADMIN_TOKEN = "admin-sandboxes-admin-token";
let server: PlantStoreServer;

beforeAll(async () => {
  server = await startPlantStoreServer({
    tokens: ["api-token"],
    seed: [{ name: "Fern" }],
    admin: { token: ADMIN_TOKEN },
    maxSandboxes: 60,
  });
});
afterAll(() => server.close());

const admin = () => createPlantStoreAdmin({ baseUrl: server.url, token: ADMIN_TOKEN });

function api(token: string, name?: string): Promise<Response> {
  return fetch(`${server.url}/plants`, {
    method: name === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(name === undefined ? {} : { body: JSON.stringify({ name }) }),
  });
}

describe("admin.createSandbox", () => {
  it("isolates 50 sandboxes driven concurrently over HTTP (creates, lists, resets, faults)", async () => {
    const sandboxes = await Promise.all(Array.from({ length: 50 }, () => admin().createSandbox()));
    await Promise.all(
      sandboxes.map(async (sandbox, index) => {
        await api(sandbox.token, `early-${index}`);
        await sandbox.reset();
        expect((await api(sandbox.token, `plant-${index}`)).status).toBe(201);
        await sandbox.failNext("listPlants", { status: 503 });
        expect((await api(sandbox.token)).status).toBe(503);
        expect(await (await api(sandbox.token)).json()).toEqual([
          { name: "Fern" },
          { name: `plant-${index}` },
        ]);
        expect((await sandbox.requests()).map((entry) => [entry.status, entry.body])).toEqual([
          [201, { name: `plant-${index}` }],
          [503, undefined],
          [200, undefined],
        ]);
        expect(await sandbox.plants()).toEqual([
          { id: 1, name: "Fern", public: true },
          { id: 2, name: `plant-${index}`, public: false },
        ]);
      }),
    );
    expect(await admin().requests()).toEqual([]);
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  });

  it("scopes every method to its sandbox: seed, load, tokens, close", async () => {
    const sandbox = await admin().createSandbox({ seed: [{ name: "Cactus" }] });
    expect(await sandbox.load([{ name: "Moss" }])).toEqual([{ id: 1, name: "Moss", public: true }]);
    const second = await sandbox.createToken();
    expect(await (await api(second)).json()).toEqual([{ name: "Moss" }]);
    await sandbox.delayNext("listPlants", 1);
    await sandbox.clearFaults();
    await sandbox.clearRequests();
    expect(await sandbox.requests()).toEqual([]);
    expect(await admin().plants()).toEqual([{ id: 1, name: "Fern", public: true }]);

    await sandbox.close();
    expect((await api(sandbox.token)).status).toBe(401);
    const closed = await sandbox.reset().catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(PlantStoreAdminError);
    expect(closed).toMatchObject({
      status: 404,
      body: {
        error: 404,
        message: "No open sandbox has the id in the path: it was closed, expired or never created.",
      },
    });
  });

  it("rejects a bad seed with 400 naming seed", async () => {
    const refused = await admin()
      .createSandbox({ seed: [{ name: "" }] })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 400, message: "seed[0]: name must be a non-empty string." },
    });
  });
});
