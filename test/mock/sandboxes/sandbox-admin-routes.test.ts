import { describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";

const BASE = "http://127.0.0.1:4010";
const JSON_TYPE = { "content-type": "application/json" };
const UNKNOWN = {
  error: 404,
  message: "No open sandbox has the id in the path: it was closed, expired or never created.",
};

type Handle = ReturnType<typeof createPlantStoreFetchHandler>;

function admin(handle: Handle, method: string, path: string, body?: unknown) {
  return handle(
    new Request(`${BASE}/__admin${path}`, {
      method,
      headers: method === "POST" || method === "PUT" ? JSON_TYPE : {},
      body: body === undefined ? null : JSON.stringify(body),
    }),
  );
}

function api(handle: Handle, token: string, name?: string) {
  return handle(
    new Request(`${BASE}/plants`, {
      method: name === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, ...JSON_TYPE },
      body: name === undefined ? null : JSON.stringify({ name }),
    }),
  );
}

async function open(handle: Handle, body?: unknown): Promise<{ id: string; token: string }> {
  const res = await admin(handle, "POST", "/sandboxes", body);
  expect(res.status).toBe(201);
  return res.json();
}

describe("the sandboxes' admin endpoints", () => {
  it("opens a sandbox from a seed and drives it as the global endpoints do", async () => {
    const handle = createPlantStoreFetchHandler({ admin: true, seed: [{ name: "Fern" }] });
    const { id, token } = await open(handle, { seed: [{ name: "Cactus" }] });
    expect(token).toMatch(/^psb_/);
    expect(await (await api(handle, token, "Ivy")).json()).toEqual({ name: "Ivy" });

    const plants = await admin(handle, "GET", `/sandboxes/${id}/plants`);
    expect(await plants.json()).toEqual([
      { id: 1, name: "Cactus", public: true },
      { id: 2, name: "Ivy", public: false },
    ]);
    const requests = await (await admin(handle, "GET", `/sandboxes/${id}/requests`)).json();
    expect(requests).toMatchObject([{ method: "POST", status: 201, body: { name: "Ivy" } }]);
    expect(JSON.stringify(requests)).not.toContain(token);

    const fault = await admin(handle, "POST", `/sandboxes/${id}/faults`, {
      operation: "listPlants",
      status: 503,
    });
    expect(fault.status).toBe(204);
    expect((await api(handle, "outsider")).status).toBe(200);
    expect((await api(handle, token)).status).toBe(503);

    const second = await admin(handle, "POST", `/sandboxes/${id}/tokens`);
    expect(second.status).toBe(201);
    const { token: secondToken } = await second.json();
    expect(await (await api(handle, secondToken)).json()).toEqual([{ name: "Cactus" }]);

    expect((await admin(handle, "POST", `/sandboxes/${id}/reset`)).status).toBe(204);
    expect(await (await api(handle, token)).json()).toEqual([{ name: "Cactus" }]);
    expect(handle.store.entries()).toEqual([{ id: 1, name: "Fern", owner: null }]);
    expect(handle.requests().map((entry) => entry.status)).toEqual([200]);
  });

  it("closes a sandbox with DELETE: its tokens get 401, its id 404", async () => {
    const handle = createPlantStoreFetchHandler({ admin: true });
    const { id, token } = await open(handle);
    expect((await admin(handle, "DELETE", `/sandboxes/${id}`)).status).toBe(204);
    expect((await api(handle, token)).status).toBe(401);
    for (const [method, path] of [
      ["DELETE", `/sandboxes/${id}`],
      ["GET", `/sandboxes/${id}/requests`],
      ["POST", "/sandboxes/no-such-id/reset"],
    ] as const) {
      const res = await admin(handle, method, path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(UNKNOWN);
    }
  });

  it("answers 429 with the Error body when full, 400 naming seed, and changes nothing", async () => {
    const handle = createPlantStoreFetchHandler({ admin: true, maxSandboxes: 1 });
    const bad = await admin(handle, "POST", "/sandboxes", { seed: "Fern" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 400, message: expect.stringMatching(/seed/) });
    const unknownField = await admin(handle, "POST", "/sandboxes", { seeds: [] });
    expect(await unknownField.json()).toEqual({
      error: 400,
      message: 'Unknown field "seeds"; the field is seed.',
    });
    await open(handle);
    const full = await admin(handle, "POST", "/sandboxes");
    expect(full.status).toBe(429);
    expect(await full.json()).toEqual({
      error: 429,
      message: "maxSandboxes (1) sandboxes are open; close one before creating another.",
    });
  });

  it("answers a seed with a repeated id 400, not 429, though the store refuses it with a RangeError", async () => {
    const handle = createPlantStoreFetchHandler({ admin: true, maxSandboxes: 1 });
    const seed = [
      { id: 1, name: "Fern" },
      { id: 1, name: "Ivy" },
    ];
    const repeated = await admin(handle, "POST", "/sandboxes", { seed });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({ error: 400, message: "seed[1]: id 1 is used twice." });
    await open(handle); // the refused one took no place
  });

  it("never shows a token in a refusal, wherever the body put it", async () => {
    const handle = createPlantStoreFetchHandler({ admin: true, tokens: ["api-token-long-1"] });
    const { id, token } = await open(handle);
    const refusals = [
      await admin(handle, "POST", "/sandboxes", { [token]: [] }),
      await admin(handle, "POST", `/sandboxes/${id}/faults`, { operation: token }),
      await admin(handle, "POST", "/faults", { operation: "api-token-long-1" }),
      await admin(handle, "POST", "/faults", { [token]: 1, operation: "listPlants" }),
    ];
    const hidden =
      "The request was refused; the reason is not shown because it would hold a token.";
    const messages = await Promise.all(
      refusals.map(async (refused) => [refused.status, (await refused.json()).message]),
    );
    expect(messages).toEqual([
      [400, hidden],
      // A sandbox token is never repeated, whoever writes the message.
      [400, "unknown operation (not shown: it may be a secret); use listPlants or createPlant."],
      [400, hidden],
      [400, hidden],
    ]);
    const unknown = await admin(handle, "POST", "/faults", { operation: "deletePlant" });
    expect(await unknown.json()).toMatchObject({ message: expect.stringContaining("deletePlant") });
  });
});
