// The journal's queries over HTTP (issue 30): GET /__admin/requests?operation=&status=,
// GET /__admin/violations, GET and DELETE /__admin/coverage, and the same for one sandbox;
// every answer checked against openapi.admin.yaml, every refusal's exact Error body.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "./support/admin-call.js";

const TOKEN = "admin-journal-token";
let server: PlantStoreServer;
let origin: string;

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [TOKEN], admin: true });
  origin = new URL(server.url).origin;
});
afterAll(() => server.close());
beforeEach(async () => {
  await adminCall(origin, "POST", "/__admin/reset");
  await adminCall(origin, "DELETE", "/__admin/coverage");
});

function api(path: string, init: RequestInit = {}, token = TOKEN): Promise<Response> {
  const headers = { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) };
  return fetch(`${origin}${path}`, { ...init, headers });
}

function create(body: string, token = TOKEN): Promise<Response> {
  const headers = { "content-type": "application/json" };
  return api("/plants", { method: "POST", headers, body }, token);
}

/** A list, a create, an invalid create, an unknown path. */
async function traffic(token = TOKEN): Promise<void> {
  await api("/plants?limit=1", {}, token);
  await create('{"name":"Fern"}', token);
  await create('{"name":7}', token);
  await api("/elsewhere", {}, token);
}

describe("GET /__admin/requests with a filter", () => {
  it("keeps the entries of an operation, of none, or of a status", async () => {
    await traffic();
    const get = async (query: string) =>
      (await adminCall(origin, "GET", `/__admin/requests${query}`)).body as {
        operation: string | null;
        status: number;
        broken?: string;
      }[];
    expect((await get("?operation=createPlant")).map((entry) => entry.status)).toEqual([201, 400]);
    expect(await get("?operation=listPlants")).toEqual(
      server.requests({ operation: "listPlants" }),
    );
    expect((await get("?operation=none")).map((entry) => entry.status)).toEqual([404]);
    expect(await get("?status=0")).toEqual([]);
    server.breakNext("listPlants", "network-error");
    await api("/plants").catch(() => undefined);
    expect((await get("?status=0")).map((entry) => entry.broken)).toEqual(["network-error"]);
    expect(
      (await get("?status=400&operation=createPlant")).map((entry) => entry.operation),
    ).toEqual(["createPlant"]);
    expect(await get("?status=201&operation=listPlants")).toEqual([]);
    expect(await get("")).toEqual(server.requests());
  });

  it.each([
    ["?operation=deletePlant", "operation must be listPlants, createPlant or none."],
    ["?operation=", "operation must be listPlants, createPlant or none."],
    ["?operation=null", "operation must be listPlants, createPlant or none."],
    ["?status=abc", "status must be 0 (no answer) or an integer from 100 to 599."],
    ["?status=2e2", "status must be 0 (no answer) or an integer from 100 to 599."],
    ["?status=+200", "status must be 0 (no answer) or an integer from 100 to 599."],
    ["?status=99", "status must be 0 (no answer) or an integer from 100 to 599."],
    ["?status=600", "status must be 0 (no answer) or an integer from 100 to 599."],
    ["?status=00", "status must be 0 (no answer) or an integer from 100 to 599."],
    ["?status=200&status=201", "status must be given at most once."],
    ["?operation=listPlants&operation=createPlant", "operation must be given at most once."],
    ["?op=createPlant", "The only query parameters are operation and status."],
    [`?${TOKEN}=1`, "The only query parameters are operation and status."],
  ])("refuses %s with 400: %s", async (query, message) => {
    for (const path of ["/__admin/requests", "/__admin/violations"]) {
      const answer = await adminCall(origin, "GET", `${path}${query}`);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { error: 400, message },
      });
    }
  });
});

describe("GET /__admin/violations", () => {
  it("lists the refusals of what the caller sent, with the reason, filtered as requests", async () => {
    await traffic();
    await api("/plants", { method: "PATCH" });
    const answer = await adminCall(origin, "GET", "/__admin/violations");
    expect(answer.status).toBe(200);
    const entries = answer.body as {
      operation: string | null;
      status: number;
      violation: string;
    }[];
    expect(
      entries.map(({ operation, status, violation }) => [operation, status, violation]),
    ).toEqual([
      ["createPlant", 400, "name must be a string."],
      [null, 404, "The request path is not part of the Plant Store API; use /plants."],
      [null, 405, "The PATCH method is not allowed on /plants; use GET or POST."],
    ]);
    expect(answer.body).toEqual(server.violations());
    const none = await adminCall(origin, "GET", "/__admin/violations?operation=none&status=405");
    expect((none.body as unknown[]).length).toBe(1);
    expect((await adminCall(origin, "DELETE", "/__admin/requests")).status).toBe(204);
    expect((await adminCall(origin, "GET", "/__admin/violations")).body).toEqual([]);
  });
});

describe("GET and DELETE /__admin/coverage", () => {
  it("counts the answers per declared status, kept across a reset until DELETE", async () => {
    await traffic();
    await adminCall(origin, "POST", "/__admin/reset");
    await api("/plants");
    const answer = await adminCall(origin, "GET", "/__admin/coverage");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(server.coverage());
    const counted = (answer.body as { operation: string; status: unknown; count: number }[])
      .filter((row) => row.count > 0)
      .map((row) => [row.operation, row.status, row.count]);
    expect(counted).toEqual([
      ["listPlants", 200, 2],
      ["createPlant", 201, 1],
      ["createPlant", 400, 1],
    ]);
    expect((await adminCall(origin, "DELETE", "/__admin/coverage")).status).toBe(204);
    const cleared = (await adminCall(origin, "GET", "/__admin/coverage")).body as {
      count: number;
    }[];
    expect(cleared.every((row) => row.count === 0)).toBe(true);
  });
});

describe("the same for one sandbox", () => {
  it("answers its own journal, violations and coverage, none of them the global ones", async () => {
    const { id, token } = server.createSandbox();
    await traffic(token);
    const path = `/__admin/sandboxes/${id}`;
    const spec = (endpoint: string) => ({ specPath: `/__admin/sandboxes/{id}/${endpoint}` });
    const creates = await adminCall(
      origin,
      "GET",
      `${path}/requests?operation=createPlant`,
      spec("requests"),
    );
    expect((creates.body as { status: number }[]).map((entry) => entry.status)).toEqual([201, 400]);
    const violations = await adminCall(
      origin,
      "GET",
      `${path}/violations?status=404`,
      spec("violations"),
    );
    expect((violations.body as { violation: string }[]).map((entry) => entry.violation)).toEqual([
      "The request path is not part of the Plant Store API; use /plants.",
    ]);
    const coverage = await adminCall(origin, "GET", `${path}/coverage`, spec("coverage"));
    const counts = (coverage.body as { count: number }[]).reduce((sum, row) => sum + row.count, 0);
    expect(counts).toBe(3);
    expect((await adminCall(origin, "GET", "/__admin/requests")).body).toEqual([]);
    // The server's coverage is the suite's: what its sandboxes answered counts there too.
    expect(server.coverage().reduce((sum, row) => sum + row.count, 0)).toBe(3);

    expect((await adminCall(origin, "DELETE", `${path}/coverage`, spec("coverage"))).status).toBe(
      204,
    );
    const cleared = (await adminCall(origin, "GET", `${path}/coverage`, spec("coverage"))).body as {
      count: number;
    }[];
    expect(cleared.every((row) => row.count === 0)).toBe(true);
    const bad = await adminCall(origin, "GET", `${path}/requests?operation=x`, spec("requests"));
    expect(bad.body).toEqual({
      error: 400,
      message: "operation must be listPlants, createPlant or none.",
    });
  });
});
