import { afterEach, describe, expect, it } from "vitest";
import { createPlantStore } from "../../src/mock/store/store.js";
import {
  DEMO_TOKEN,
  type PlantStoreServer,
  type PlantStoreServerOptions,
  startPlantStoreServer,
} from "../../src/server/index.js";

const TOKEN = "server-test-token";
const servers: PlantStoreServer[] = [];

async function start(options: PlantStoreServerOptions = {}): Promise<PlantStoreServer> {
  const server = await startPlantStoreServer(options);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function get(url: string, token = TOKEN): Promise<Response> {
  return fetch(url, { headers: { authorization: `Bearer ${token}` } });
}

function post(url: string, body: unknown, token = TOKEN): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("startPlantStoreServer", () => {
  it("listens on a free port of 127.0.0.1 and serves the default seed to the demo token", async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    const response = await get(`${server.url}/plants?limit=2`, DEMO_TOKEN);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { name: "Monstera deliciosa", tag: "tropical" },
      { name: "Snake plant", tag: "succulent" },
    ]);
  });

  it("accepts only the demo token by default, never any token", async () => {
    const server = await start();
    const response = await get(`${server.url}/plants`, "some-other-token");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      'Bearer realm="plant-store", error="invalid_token"',
    );
    expect(await response.json()).toEqual({
      error: 401,
      message: "The bearer token in the Authorization header is not accepted.",
    });
  });

  it("gives two servers on port 0 two different ports", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(a?.url).not.toBe(b?.url);
  });

  it("serves the given tokens, seed and store", async () => {
    const store = createPlantStore({ seed: [{ name: "Cactus", tag: "desert" }] });
    const server = await start({ tokens: ["alpha", TOKEN], store });
    expect(server.store).toBe(store);
    expect(await (await get(`${server.url}/plants`, "alpha")).json()).toEqual([
      { name: "Cactus", tag: "desert" },
    ]);
    expect((await get(`${server.url}/plants`, DEMO_TOKEN)).status).toBe(401);
    const seeded = await start({ tokens: [TOKEN], seed: [{ name: "Ivy" }] });
    expect(await (await get(`${seeded.url}/plants`)).json()).toEqual([{ name: "Ivy" }]);
  });

  it("answers a create with createStatus", async () => {
    const server201 = await start({ tokens: [TOKEN] });
    const server200 = await start({ tokens: [TOKEN], createStatus: 200 });
    expect((await post(`${server201.url}/plants`, { name: "Aloe" })).status).toBe(201);
    const response = await post(`${server200.url}/plants`, { name: "Aloe" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "Aloe" });
  });

  it("puts basePath into url and serves only under it", async () => {
    const server = await start({ tokens: [TOKEN], basePath: "/v1" });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect((await get(`${server.url}/plants`)).status).toBe(200);
    const outside = await get(`${new URL(server.url).origin}/plants`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({
      error: 404,
      message: "The request path is not part of the Plant Store API; use /v1/plants.",
    });
  });

  it("answers a CORS preflight with the exact headers, origin configurable", async () => {
    const server = await start({ tokens: [TOKEN] });
    const preflight = await fetch(`${server.url}/plants`, {
      method: "OPTIONS",
      headers: {
        origin: "https://demo.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "Authorization, Content-Type, Prefer",
    );
    expect(preflight.headers.get("access-control-max-age")).toBe("600");

    const narrow = await start({ tokens: [TOKEN], corsOrigin: "https://demo.example" });
    const list = await get(`${narrow.url}/plants`);
    expect(list.headers.get("access-control-allow-origin")).toBe("https://demo.example");
    const off = await start({ tokens: [TOKEN], corsOrigin: null });
    expect((await get(`${off.url}/plants`)).headers.has("access-control-allow-origin")).toBe(false);
  });

  it("exposes failNext, delayNext and clearFaults of its handler", async () => {
    const server = await start({ tokens: [TOKEN] });
    server.failNext("listPlants", { status: 503, headers: { "retry-after": "1" } });
    const failed = await get(`${server.url}/plants`);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("1");
    expect((await failed.json()).error).toBe(503);
    server.failNext("listPlants", { status: 500 });
    server.clearFaults();
    expect((await get(`${server.url}/plants`)).status).toBe(200);
  });

  it("logs one line per request with method, path, status and ms, never the token", async () => {
    const lines: string[] = [];
    const server = await start({ tokens: [TOKEN], log: (line) => lines.push(line) });
    await get(`${server.url}/plants?limit=1`);
    await post(`${server.url}/plants`, { name: "Aloe" });
    await get(`${server.url}/plants`, "wrong-token-value");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/plants\?limit=1 200 \d+\.\d ms$/);
    expect(lines[1]).toMatch(/^POST \/plants 201 \d+\.\d ms$/);
    expect(lines[2]).toMatch(/^GET \/plants 401 \d+\.\d ms$/);
    expect(lines.join("\n")).not.toContain(TOKEN);
    expect(lines.join("\n")).not.toContain("wrong-token-value");
  });

  it("answers the Error body, without details, when a store it was given throws", async () => {
    const store = createPlantStore();
    store.create = () => {
      throw new Error(`disk on fire for ${TOKEN}`);
    };
    const server = await start({ tokens: [TOKEN], store });
    const response = await post(`${server.url}/plants`, { name: "Aloe" });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: 500,
      message: "The server failed while handling the request.",
    });
  });

  it("rejects options it cannot serve, naming the option", async () => {
    await expect(startPlantStoreServer({ tokens: [] })).rejects.toThrow(
      "tokens must hold at least one token; leave tokens out for the default.",
    );
    await expect(startPlantStoreServer({ tokens: ["has space"] })).rejects.toThrow(
      "tokens[0] must be a bearer token",
    );
    await expect(startPlantStoreServer({ port: 70_000 })).rejects.toThrow(
      "port must be an integer from 0 to 65535.",
    );
    await expect(
      startPlantStoreServer({ requestTimeout: 1_000, headersTimeout: 2_000 }),
    ).rejects.toThrow("headersTimeout must not be longer than requestTimeout.");
  });

  it("fails with one clear sentence when the port is taken", async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    await expect(startPlantStoreServer({ port })).rejects.toThrow(
      `Cannot listen on 127.0.0.1:${port}: the port is already in use.`,
    );
  });
});
