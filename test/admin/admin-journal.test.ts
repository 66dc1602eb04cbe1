// The admin client's journal queries (issue 30): requests(filter), violations(filter),
// coverage() and clearCoverage(), on the client and its sandbox object, against a real server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlantStoreAdmin, type PlantStoreAdmin } from "../../src/admin/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const API_TOKEN = "admin-journal-api-token";
let server: PlantStoreServer;
let admin: PlantStoreAdmin;

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [API_TOKEN], admin: true });
  admin = createPlantStoreAdmin({ baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(async () => {
  await admin.reset();
  await admin.clearCoverage();
});

function api(path: string, init: RequestInit = {}, token = API_TOKEN): Promise<Response> {
  const headers = { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) };
  return fetch(`${server.url}${path}`, { ...init, headers });
}

async function traffic(token = API_TOKEN): Promise<void> {
  await api("/plants?limit=3", {}, token);
  const json = { "content-type": "application/json" };
  await api("/plants", { method: "POST", headers: json, body: '{"name":"Fern"}' }, token);
  await api("/plants", { method: "POST", headers: json, body: "[1]" }, token);
  await api("/nowhere", {}, token);
}

describe("the admin client's journal queries", () => {
  it("requests(filter) sends the filter and answers the matching entries", async () => {
    await traffic();
    const creates = await admin.requests({ operation: "createPlant" });
    expect(creates.map((entry) => [entry.status, entry.body?.name])).toEqual([
      [201, "Fern"],
      [400, undefined],
    ]);
    expect(creates[1]?.invalidBody).toEqual([1]);
    expect((await admin.requests({ operation: "listPlants" }))[0]?.query.limit).toBe(3);
    expect((await admin.requests({ operation: null })).map((entry) => entry.path)).toEqual([
      "/nowhere",
    ]);
    expect(await admin.requests({ status: 201 })).toEqual(server.requests({ status: 201 }));
    expect(await admin.requests()).toEqual(server.requests());
  });

  it("violations(filter) lists the refusals with their reason", async () => {
    await traffic();
    const violations = await admin.violations();
    expect(violations.map((entry) => [entry.status, entry.violation])).toEqual([
      [400, "The request body must be a JSON object."],
      [404, "The request path is not part of the Plant Store API; use /plants."],
    ]);
    expect(await admin.violations({ operation: "createPlant", status: 404 })).toEqual([]);
  });

  it("coverage() counts per declared answer until clearCoverage(), not reset()", async () => {
    await traffic();
    await admin.reset();
    const counted = (await admin.coverage()).filter((row) => row.count > 0);
    expect(counted).toEqual([
      { operation: "listPlants", status: 200, count: 1 },
      { operation: "createPlant", status: 201, count: 1 },
      { operation: "createPlant", status: 400, count: 1 },
    ]);
    await admin.clearCoverage();
    expect((await admin.coverage()).every((row) => row.count === 0)).toBe(true);
  });

  it("the sandbox object answers for its sandbox alone", async () => {
    const sandbox = await admin.createSandbox();
    await traffic(sandbox.token);
    expect((await sandbox.requests({ operation: "createPlant", status: 201 })).length).toBe(1);
    expect((await sandbox.violations({ operation: null }))[0]?.status).toBe(404);
    const total = (await sandbox.coverage()).reduce((sum, row) => sum + row.count, 0);
    expect(total).toBe(3);
    expect(await admin.requests()).toEqual([]);
    await sandbox.clearCoverage();
    expect((await sandbox.coverage()).every((row) => row.count === 0)).toBe(true);
    await sandbox.close();
  });

  it.each<[unknown, ErrorConstructor, string]>([
    [
      { operation: "none" },
      TypeError,
      'requests: operation must be "listPlants", "createPlant" or null.',
    ],
    [
      { status: 42 },
      RangeError,
      "requests: status must be 0 (no answer) or an integer from 100 to 599.",
    ],
    [
      { verb: "GET" },
      TypeError,
      'requests: unknown filter field "verb"; the fields are operation, status.',
    ],
  ])("refuses the filter %j before sending anything", async (filter, kind, message) => {
    let sent = 0;
    const counting = createPlantStoreAdmin({
      baseUrl: server.url,
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    const call = counting.requests(filter as never);
    await expect(call).rejects.toThrow(kind);
    await expect(call).rejects.toThrow(message);
    expect(sent).toBe(0);
  });
});
