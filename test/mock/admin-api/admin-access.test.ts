// Who may use the admin endpoints: nobody when they are off, the admin token's holder when
// one is set, and never an API token; and where they may run open.
import { afterEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "./support/admin-call.js";

const API_TOKEN = "admin-access-api-token";
const ADMIN_TOKEN = "admin-access-admin-token";
const running: PlantStoreServer[] = [];

async function start(options: Parameters<typeof startPlantStoreServer>[0]) {
  const server = await startPlantStoreServer({ tokens: [API_TOKEN], ...options });
  running.push(server);
  return { server, origin: new URL(server.url).origin };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

describe("admin endpoints turned off (the default)", () => {
  it("are an unknown path of the API: 401 without a token, the API's 404 with one", async () => {
    const { server, origin } = await start({});
    const anonymous = await fetch(`${origin}/__admin/reset`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    const withToken = await fetch(`${origin}/__admin/reset`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    expect(withToken.status).toBe(404);
    expect(await withToken.json()).toEqual({
      error: 404,
      message: "The request path is not part of the Plant Store API; use /plants.",
    });
    // Like any unknown path, they are API requests in the journal.
    expect(server.requests().map((entry) => [entry.path, entry.status])).toEqual([
      ["/__admin/reset", 401],
      ["/__admin/reset", 404],
    ]);
  });
});

describe("admin endpoints with an admin token", () => {
  async function startWithPlant() {
    const started = await start({ admin: { token: ADMIN_TOKEN } });
    const created = await fetch(`${started.server.url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: '{"name":"Survivor"}',
    });
    expect(created.status).toBe(201);
    return started;
  }

  it.each([
    [
      "no Authorization header",
      {},
      "The Authorization header is missing; send Authorization: Bearer <token>.",
    ],
    [
      "another scheme",
      { authorization: `Basic ${ADMIN_TOKEN}` },
      "The Authorization header must use the Bearer scheme.",
    ],
    [
      "an API token",
      { authorization: `Bearer ${API_TOKEN}` },
      "The bearer token in the Authorization header is not the admin token.",
    ],
    [
      "a wrong token",
      { authorization: "Bearer guess" },
      "The bearer token in the Authorization header is not the admin token.",
    ],
  ])("answer 401 to %s and change nothing", async (_case, headers, message) => {
    const { server, origin } = await startWithPlant();
    const answer = await adminCall(origin, "POST", "/__admin/reset", { headers });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 401, message });
    expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="plant-store-admin"');
    expect(server.store.entries().map((plant) => plant.name)).toContain("Survivor");
    expect(server.requests()).toHaveLength(1);
  });

  it("check the token before the path: an unknown admin path without it is a 401", async () => {
    const { origin } = await start({ admin: { token: ADMIN_TOKEN } });
    expect((await adminCall(origin, "GET", "/__admin/unknown")).status).toBe(401);
  });

  it("work with the admin token, which does not open the API", async () => {
    const { server, origin } = await startWithPlant();
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
    expect((await adminCall(origin, "POST", "/__admin/reset", { headers })).status).toBe(204);
    expect(server.store.entries().map((plant) => plant.name)).not.toContain("Survivor");
    const api = await fetch(`${server.url}/plants`, { headers });
    expect(api.status).toBe(401);
  });
});

describe("startPlantStoreServer's admin option", () => {
  it("refuses open admin endpoints on a host other than loopback", async () => {
    await expect(startPlantStoreServer({ admin: true, host: "0.0.0.0" })).rejects.toThrow(
      new RangeError(
        "admin: the admin endpoints would be open to the network on host 0.0.0.0: reset and the request journal need an admin token there; give admin: { token }.",
      ),
    );
  });

  it("allows them on a loopback host, and behind a token anywhere", async () => {
    for (const host of ["127.0.0.1", "localhost", "::1"]) {
      const { origin } = await start({ admin: true, host });
      expect((await adminCall(origin, "GET", "/__admin/plants")).status).toBe(200);
    }
    const { server } = await start({ admin: { token: ADMIN_TOKEN }, host: "0.0.0.0" });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each<[string, unknown, Error]>([
    ["a string", "yes", new TypeError('admin must be true, false or { token: "<admin token>" }.')],
    [
      "an unknown key",
      { tokn: "x" },
      new TypeError(
        'Unknown admin option "tokn"; admin must be true, false or { token: "<admin token>" }.',
      ),
    ],
    [
      "an empty token",
      { token: "" },
      new TypeError(
        "admin.token must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.",
      ),
    ],
    [
      "a token with a space",
      { token: "two words" },
      new TypeError(
        "admin.token must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.",
      ),
    ],
    [
      "a sandbox token (psb_)",
      { token: "psb_admin" },
      new RangeError(
        'admin.token must not start with "psb_": that prefix marks sandbox tokens, which only their own sandbox answers.',
      ),
    ],
  ])("refuses %s", async (_case, admin, error) => {
    await expect(startPlantStoreServer({ admin: admin as boolean })).rejects.toThrow(error);
  });

  it("refuses a landingPage that is not a boolean", async () => {
    await expect(
      startPlantStoreServer({ landingPage: "off" as unknown as boolean }),
    ).rejects.toThrow(new TypeError("landingPage must be true or false."));
  });
});
