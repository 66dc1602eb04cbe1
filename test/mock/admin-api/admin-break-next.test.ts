// breakNext over the admin API (POST /__admin/faults with `break`, globally and for a sandbox)
// and through the admin client: each answer checked against openapi.admin.yaml, every refusal
// with its exact Error body, and a hang that ends when the faults are cleared or reset.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../../src/admin/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "./support/admin-call.js";

const TOKEN = "admin-break-token";
let server: PlantStoreServer;
let origin: string;

beforeAll(async () => {
  server = await startPlantStoreServer({
    tokens: [TOKEN],
    seed: [{ name: "Seed fern" }],
    admin: true,
  });
  origin = new URL(server.url).origin;
});
afterAll(() => server.close());
beforeEach(async () => {
  expect((await adminCall(origin, "POST", "/__admin/reset")).status).toBe(204);
});

function api(token = TOKEN, name?: string): Promise<Response> {
  return fetch(`${server.url}/plants`, {
    method: name === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(name === undefined ? {} : { body: JSON.stringify({ name }) }),
  });
}

/** An answer whose body is JSON but not a list: what wrong-shape gives a list. */
async function isWrongShapeList(response: Response): Promise<boolean> {
  const body = await response.json();
  return response.status === 200 && !Array.isArray(body);
}

describe("POST /__admin/faults with break", () => {
  it("breaks the next calls the given number of times, then answers as usual", async () => {
    const answer = await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "listPlants", break: "wrong-shape", times: 2 },
    });
    expect(answer.status).toBe(204);
    expect(await isWrongShapeList(await api())).toBe(true);
    expect(await isWrongShapeList(await api())).toBe(true);
    expect(await isWrongShapeList(await api())).toBe(false);
  });

  it("journals a dropped call with status 0 and the kind; the create is not stored", async () => {
    await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "createPlant", break: "network-error" },
    });
    await expect(api(TOKEN, "Never stored")).rejects.toBeInstanceOf(TypeError);
    const journal = await adminCall(origin, "GET", "/__admin/requests");
    expect(journal.body).toEqual([
      expect.objectContaining({
        method: "POST",
        status: 0,
        body: { name: "Never stored" },
        scripted: "breakNext",
        broken: "network-error",
      }),
    ]);
    expect(server.store.entries().map((plant) => plant.name)).toEqual(["Seed fern"]);
  });

  it.each([
    ["DELETE /__admin/faults", () => adminCall(origin, "DELETE", "/__admin/faults")],
    ["POST /__admin/reset", () => adminCall(origin, "POST", "/__admin/reset")],
  ])("a hang ends (the connection dropped) on %s", async (_name, end) => {
    await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "listPlants", break: "hang" },
    });
    const hanging = api();
    // The journal lists the hang once it has started: then the request is surely hanging.
    await expect.poll(() => server.requests().length).toBe(1);
    expect((await end()).status).toBe(204);
    await expect(hanging).rejects.toBeInstanceOf(TypeError);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "an unknown kind",
      { operation: "listPlants", break: "timeout" },
      "break must be one of network-error, hang, truncated, malformed-json, wrong-shape.",
    ],
    [
      "a kind that is no string",
      { operation: "listPlants", break: 3 },
      "break must be one of network-error, hang, truncated, malformed-json, wrong-shape.",
    ],
    [
      "break with a status",
      { operation: "listPlants", break: "hang", status: 503 },
      "break cannot go with status, message or headers: a broken call gets no Error body.",
    ],
    [
      "break with a message",
      { operation: "listPlants", break: "hang", message: "Down." },
      "break cannot go with status, message or headers: a broken call gets no Error body.",
    ],
    [
      "break with times 0",
      { operation: "listPlants", break: "truncated", times: 0 },
      'times must be an integer from 1 to 9007199254740991, or "Infinity".',
    ],
    [
      "break with an unknown operation",
      { operation: "deletePlant", break: "truncated" },
      'unknown operation "deletePlant"; use listPlants or createPlant.',
    ],
  ])("answers 400 for %s, and queues nothing", async (_name, body, message) => {
    const answer = await adminCall(origin, "POST", "/__admin/faults", { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 400, message });
    expect((await api()).status).toBe(200);
  });

  it("with delayMs, waits and then breaks", async () => {
    await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "listPlants", break: "malformed-json", delayMs: 50 },
    });
    const response = await api();
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toBeInstanceOf(SyntaxError);
    expect(server.requests()[0]?.durationMs).toBeGreaterThanOrEqual(49);
  });
});

describe("POST /__admin/sandboxes/{id}/faults with break", () => {
  /** The spec validator knows no templated paths: these answers are checked here instead. */
  async function sandboxCall(method: string, path: string, body?: unknown) {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
  }

  it("breaks the sandbox's calls alone; its DELETE .../faults ends its hang", async () => {
    const opened = await adminCall(origin, "POST", "/__admin/sandboxes");
    const { id, token } = opened.body as { id: string; token: string };
    const path = `/__admin/sandboxes/${id}/faults`;
    const set = await sandboxCall("POST", path, { operation: "listPlants", break: "hang" });
    expect(set).toEqual({ status: 204, body: undefined });
    expect((await api()).status).toBe(200);
    const hanging = api(token);
    const sandbox = server.createSandbox();
    expect((await api(sandbox.token)).status).toBe(200);
    await expect
      .poll(async () => (await sandboxCall("GET", `/__admin/sandboxes/${id}/requests`)).body)
      .toEqual([expect.objectContaining({ status: 0, scripted: "breakNext", broken: "hang" })]);
    expect((await sandboxCall("DELETE", path)).status).toBe(204);
    await expect(hanging).rejects.toBeInstanceOf(TypeError);
    const refused = await sandboxCall("POST", path, { operation: "listPlants", break: "slow" });
    expect(refused).toEqual({
      status: 400,
      body: {
        error: 400,
        message:
          "break must be one of network-error, hang, truncated, malformed-json, wrong-shape.",
      },
    });
    expect((await api(token)).status).toBe(200);
  });
});

describe("the admin client's breakNext", () => {
  const admin = () => createPlantStoreAdmin({ baseUrl: server.url });

  it("queues a break on the server, times: Infinity until cleared", async () => {
    await admin().breakNext("createPlant", "wrong-shape", { times: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 3; i++) {
      const response = await api(TOKEN, "Shapeless");
      expect(await response.json()).not.toHaveProperty("name");
    }
    await admin().clearFaults();
    expect((await api(TOKEN, "Shaped")).status).toBe(201);
    expect(server.store.entries().map((plant) => plant.name)).toEqual(["Seed fern", "Shaped"]);
  });

  it("on a sandbox object, breaks that sandbox alone", async () => {
    const sandbox = await admin().createSandbox();
    await sandbox.breakNext("listPlants", "network-error");
    expect((await api()).status).toBe(200);
    await expect(api(sandbox.token)).rejects.toBeInstanceOf(TypeError);
    expect((await api(sandbox.token)).status).toBe(200);
    expect((await sandbox.requests()).map((entry) => entry.broken)).toEqual([
      "network-error",
      undefined,
    ]);
    await sandbox.close();
  });
});
