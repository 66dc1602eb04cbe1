// The scripted answers over the admin API: POST /__admin/responses (respondNext) and
// PUT/DELETE /__admin/chaos, globally and for one sandbox, with every refusal's exact 400 Error
// body; and the admin client's methods.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../../src/admin/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "./support/admin-call.js";

const TOKEN = "admin-scripts-token";
let server: PlantStoreServer;
let origin: string;

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [TOKEN], seed: [{ name: "Fern" }], admin: true });
  origin = new URL(server.url).origin;
});
afterAll(() => server.close());
beforeEach(() => adminCall(origin, "POST", "/__admin/reset"));

function api(token = TOKEN, name?: string): Promise<Response> {
  return fetch(`${server.url}/plants`, {
    method: name === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(name === undefined ? {} : { body: JSON.stringify({ name }) }),
  });
}

describe("POST /__admin/responses", () => {
  it("makes the next call(s) answer exactly the status and body, storing nothing", async () => {
    const set = await adminCall(origin, "POST", "/__admin/responses", {
      body: {
        operation: "createPlant",
        status: 200,
        body: { name: "Scripted" },
        headers: { "X-Scenario": "one" },
        times: 2,
      },
    });
    expect(set.status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const answer = await api(TOKEN, "Sent");
      expect([answer.status, answer.headers.get("x-scenario"), await answer.json()]).toEqual([
        200,
        "one",
        { name: "Scripted" },
      ]);
    }
    expect((await api(TOKEN, "Stored")).status).toBe(201);
    expect(server.store.entries().map((plant) => plant.name)).toEqual(["Fern", "Stored"]);
    const journal = await adminCall(origin, "GET", "/__admin/requests");
    expect(journal.body).toMatchObject([
      { status: 200, body: { name: "Sent" }, scripted: "respondNext" },
      { status: 200, body: { name: "Sent" }, scripted: "respondNext" },
      { status: 201, body: { name: "Stored" } },
    ]);
  });

  it('takes times "Infinity" until DELETE /__admin/faults', async () => {
    await adminCall(origin, "POST", "/__admin/responses", {
      body: { operation: "listPlants", status: 200, body: [], times: "Infinity" },
    });
    expect(await (await api()).json()).toEqual([]);
    expect(await (await api()).json()).toEqual([]);
    await adminCall(origin, "DELETE", "/__admin/faults");
    expect(await (await api()).json()).toEqual([{ name: "Fern" }]);
  });

  it("applies to one sandbox under /__admin/sandboxes/{id}/responses", async () => {
    const opened = await adminCall(origin, "POST", "/__admin/sandboxes");
    const { id, token } = opened.body as { id: string; token: string };
    // Not adminCall: its spec check looks the path up as written, not as the {id} template.
    const set = await fetch(`${origin}/__admin/sandboxes/${id}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        operation: "listPlants",
        status: 500,
        body: { error: 500, message: "Broken." },
      }),
    });
    expect(set.status).toBe(204);
    expect((await api()).status).toBe(200);
    expect([(await api(token)).status, (await api(token)).status]).toEqual([500, 200]);
  });

  it.each<[string, unknown, string]>([
    [
      "a body the spec does not allow",
      { operation: "listPlants", status: 200, body: [{ name: 1 }] },
      "body[0].name must be a string.",
    ],
    [
      "a status the operation does not declare",
      { operation: "listPlants", status: 201, body: [] },
      "status must be a status openapi.yaml declares for listPlants: 200, or 400 to 599.",
    ],
    [
      "no status",
      { operation: "createPlant", body: { name: "a" } },
      "status must be a status openapi.yaml declares for createPlant: 200, 201, or 400 to 599.",
    ],
    [
      "no operation",
      { status: 200, body: [] },
      "operation is required: listPlants or createPlant.",
    ],
    [
      "an unknown operation",
      { operation: "deletePlant", status: 200, body: [] },
      'unknown operation "deletePlant"; use listPlants or createPlant.',
    ],
    [
      "a misspelt field",
      { operation: "listPlants", status: 200, bdy: [] },
      "bdy is not a field of a scripted answer; use operation, status, body, headers, times, when.",
    ],
    [
      "an Error body whose error is not the status",
      { operation: "listPlants", status: 503, body: { error: 400, message: "m" } },
      "body.error must be 503, the status it answers with.",
    ],
    [
      "times 0",
      { operation: "listPlants", status: 200, body: [], times: 0 },
      'times must be an integer from 1 to 9007199254740991, or "Infinity".',
    ],
    [
      "an array body",
      [{ operation: "listPlants" }],
      "The request body must be a JSON object such as { operation, status, body }.",
    ],
  ])("refuses %s with 400 naming the field, setting nothing", async (_, body, message) => {
    const refused = await adminCall(origin, "POST", "/__admin/responses", { body });
    expect([refused.status, refused.body]).toEqual([400, { error: 400, message }]);
    expect(await (await api()).json()).toEqual([{ name: "Fern" }]);
  });
});

describe("the admin client's failNext", () => {
  it("sends a Headers given by a JavaScript caller as its entries, not as {}", async () => {
    const admin = createPlantStoreAdmin({ baseUrl: server.url });
    const headers = new Headers({ "retry-after": "7" });
    await admin.failNext("listPlants", { status: 503, headers } as never);
    const answer = await api();
    expect([answer.status, answer.headers.get("retry-after")]).toEqual([503, "7"]);
  });
});

describe("the admin client's respondNext", () => {
  it("scripts the server and a sandbox, and rejects with the server's 400", async () => {
    const admin = createPlantStoreAdmin({ baseUrl: server.url });
    await admin.respondNext("listPlants", {
      status: 200,
      body: [{ name: "Client" }],
      headers: new Headers({ "x-from": "admin" }),
    });
    const answer = await api();
    expect([answer.headers.get("x-from"), await answer.json()]).toEqual([
      "admin",
      [{ name: "Client" }],
    ]);
    const sandbox = await admin.createSandbox();
    await sandbox.respondNext("createPlant", { status: 201, body: { name: "In sandbox" } });
    expect(await (await api(sandbox.token, "x")).json()).toEqual({ name: "In sandbox" });
    expect(await sandbox.plants()).toEqual([{ id: 1, name: "Fern", public: true }]);
    await expect(
      admin.respondNext("listPlants", { status: 201, body: [] } as never),
    ).rejects.toMatchObject({
      status: 400,
      body: {
        error: 400,
        message:
          "status must be a status openapi.yaml declares for listPlants: 200, or 400 to 599.",
      },
    });
  });
});

describe("the admin client refuses, before sending, options it cannot send", () => {
  it.each<[string, (admin: ReturnType<typeof createPlantStoreAdmin>) => Promise<unknown>, string]>([
    [
      "respondNext without options",
      (admin) => admin.respondNext("listPlants", null as never),
      "respondNext: options must be an object.",
    ],
    [
      "failNext with null",
      (admin) => admin.failNext("listPlants", null as never),
      "failNext: options must be an object.",
    ],
    [
      "chaos without options (null ends it; undefined is a slip)",
      (admin) => admin.chaos(undefined as never),
      "chaos: options must be an object.",
    ],
    [
      "breakNext with null",
      (admin) => admin.breakNext("listPlants", "hang", null as never),
      "breakNext: options must be an object.",
    ],
    [
      "a body JSON cannot write (a BigInt), not a connection error",
      (admin) => admin.respondNext("listPlants", { status: 200, body: [{ name: 1n }] } as never),
      "respondNext: options must be JSON (values JSON.stringify can write): Do not know how to serialize a BigInt.",
    ],
  ])("%s: a TypeError, nothing sent", async (_, call, message) => {
    const sent: string[] = [];
    const admin = createPlantStoreAdmin({
      baseUrl: server.url,
      fetch: (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      },
    });
    await expect(call(admin)).rejects.toThrow(new TypeError(message));
    await expect(call(admin)).rejects.toBeInstanceOf(TypeError);
    expect(sent).toEqual([]);
  });
});

describe("PUT and DELETE /__admin/chaos", () => {
  const always = { rate: 1, seed: 1, failures: [{ status: 503 }] };

  it("fails calls until DELETE, marking the journal", async () => {
    const set = await adminCall(origin, "PUT", "/__admin/chaos", { body: always });
    expect(set.status).toBe(204);
    const failed = await api();
    expect([failed.status, await failed.json()]).toEqual([
      503,
      { error: 503, message: "listPlants failed with status 503 (simulated by chaos)." },
    ]);
    expect((await adminCall(origin, "DELETE", "/__admin/chaos")).status).toBe(204);
    expect((await api()).status).toBe(200);
    const journal = await adminCall(origin, "GET", "/__admin/requests");
    expect(journal.body).toMatchObject([{ status: 503, scripted: "chaos" }, { status: 200 }]);
  });

  it("ends on DELETE /__admin/faults and on a reset", async () => {
    await adminCall(origin, "PUT", "/__admin/chaos", { body: always });
    await adminCall(origin, "DELETE", "/__admin/faults");
    expect((await api()).status).toBe(200);
    await adminCall(origin, "PUT", "/__admin/chaos", { body: always });
    await adminCall(origin, "POST", "/__admin/reset");
    expect((await api()).status).toBe(200);
  });

  it.each<[string, unknown, string]>([
    ["rate above 1", { ...always, rate: 2 }, "rate must be a number from 0 to 1."],
    [
      "a fractional seed",
      { ...always, seed: 0.5 },
      "seed must be an integer from 0 to 4294967295.",
    ],
    [
      "no failures",
      { ...always, failures: [] },
      "failures must be a non-empty array of { status, message?, headers? } or break kinds (network-error, hang, truncated, malformed-json, wrong-shape).",
    ],
    [
      "an unknown break kind",
      { ...always, failures: ["explode"] },
      "failures[0] must be one of network-error, hang, truncated, malformed-json, wrong-shape, or an object.",
    ],
    [
      "a failure status that is no failure",
      { ...always, failures: [{ status: 302 }] },
      "failures[0].status must be an integer from 400 to 599.",
    ],
    [
      "an unknown operation",
      { ...always, operations: ["deletePlant"] },
      "operations[0] must be listPlants or createPlant.",
    ],
    [
      "a misspelt field",
      { ...always, sed: 1 },
      'unknown option "sed"; the options are rate, seed, failures, operations, when.',
    ],
    ["null", null, "The request body must be a JSON object such as { rate, seed, failures }."],
  ])("refuses %s with 400 naming the field, leaving chaos off", async (_, body, message) => {
    const refused = await adminCall(origin, "PUT", "/__admin/chaos", {
      rawBody: JSON.stringify(body),
    });
    expect([refused.status, refused.body]).toEqual([400, { error: 400, message }]);
    expect((await api()).status).toBe(200);
  });

  it("applies to one sandbox under /__admin/sandboxes/{id}/chaos", async () => {
    const opened = await adminCall(origin, "POST", "/__admin/sandboxes");
    const { id, token } = opened.body as { id: string; token: string };
    const chaosPath = `${origin}/__admin/sandboxes/${id}/chaos`;
    const json = { "content-type": "application/json" };
    const set = await fetch(chaosPath, {
      method: "PUT",
      headers: json,
      body: JSON.stringify(always),
    });
    expect(set.status).toBe(204);
    expect([(await api(token)).status, (await api()).status]).toEqual([503, 200]);
    expect((await fetch(chaosPath, { method: "DELETE" })).status).toBe(204);
    expect((await api(token)).status).toBe(200);
  });
});

describe("the admin client's chaos", () => {
  it("sets and ends chaos on the server and on a sandbox", async () => {
    const admin = createPlantStoreAdmin({ baseUrl: server.url });
    await admin.chaos({
      rate: 1,
      seed: 2,
      failures: ["malformed-json"],
      operations: ["listPlants"],
    });
    const broken = await api();
    await expect(broken.json()).rejects.toThrow(SyntaxError);
    expect((await api(TOKEN, "Kept")).status).toBe(201);
    await admin.chaos(null);
    expect((await api()).status).toBe(200);
    const sandbox = await admin.createSandbox();
    await sandbox.chaos({ rate: 1, seed: 2, failures: [{ status: 500 }] });
    expect([(await api(sandbox.token)).status, (await api()).status]).toEqual([500, 200]);
    await sandbox.chaos(null);
    expect((await api(sandbox.token)).status).toBe(200);
    await expect(
      admin.chaos({ rate: -1, seed: 2, failures: [{ status: 500 }] }),
    ).rejects.toMatchObject({
      status: 400,
      body: { error: 400, message: "rate must be a number from 0 to 1." },
    });
  });
});
