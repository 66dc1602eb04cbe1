// What keeps a web page from driving the admin endpoints (issue 24, items 1 and 2): without an
// admin token they answer only loopback Host names and never a request a browser sent from
// another origin; every POST and PUT needs a JSON Content-Type. Each refusal is checked for
// its status, its Error body and that the store, the journal and the data file are untouched.
// The same requests from a real browser: admin-cross-site.browser.test.ts.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "./support/admin-call.js";

const TOKEN = "browser-guard-api-token";
const ADMIN_TOKEN = "browser-guard-admin-token";
const MESSAGES = {
  origin:
    "The Origin header names another origin: admin endpoints without an admin token answer only their own origin and tools such as curl.",
  secFetchSite:
    "The Sec-Fetch-Site header shows a request from another site or origin: admin endpoints without an admin token answer only their own origin and tools such as curl.",
  host: "The request's Host is not this machine: admin endpoints without an admin token answer only localhost, 127.0.0.1 or [::1].",
  contentType: "The Content-Type header must be application/json or another +json type.",
};

let directory: string;
let dataFile: string;
let server: PlantStoreServer;
let origin: string;
let port: number;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "plant-store-guard-"));
  dataFile = join(directory, "plants.jsonl");
  server = await startPlantStoreServer({ tokens: [TOKEN], admin: true, dataFile });
  origin = new URL(server.url).origin;
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

/** One created plant (in the store and the data file), one journal entry, no fault. */
beforeEach(async () => {
  expect((await adminCall(origin, "POST", "/__admin/reset")).status).toBe(204);
  const created = await fetch(`${server.url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: '{"name":"Kept"}',
  });
  expect(created.status).toBe(201);
});

async function expectNothingChanged(dataBefore: string): Promise<void> {
  expect(server.store.entries().map((plant) => plant.name)).toContain("Kept");
  expect(server.requests().map((entry) => entry.status)).toEqual([201]);
  expect(await readFile(dataFile, "utf8")).toBe(dataBefore);
  // No fault was queued: a list answers normally.
  const list = await fetch(`${server.url}/plants`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(list.status).toBe(200);
  server.clearRequests();
}

/** Sends a request with headers fetch cannot set (Host), as a DNS-rebinding page would. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, method, path, headers, setHost: headers.host === undefined },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text === "" ? undefined : JSON.parse(text),
          }),
        );
      },
    );
    outgoing.once("error", reject);
    outgoing.end(body);
  });
}

describe("a request a browser sent from another origin", () => {
  it.each<[string, Record<string, string>, string]>([
    ["a page on localhost at another port", { origin: "http://localhost:5173" }, MESSAGES.origin],
    [
      "a page on 127.0.0.1 at another port (same site)",
      { origin: "http://127.0.0.1:5173" },
      MESSAGES.origin,
    ],
    ["a page on any site", { origin: "https://attacker.example" }, MESSAGES.origin],
    [
      "Origin: null (a sandboxed page, a cross-origin redirect)",
      { origin: "null" },
      MESSAGES.origin,
    ],
    [
      "Sec-Fetch-Site: cross-site (an <img>, a GET without Origin)",
      { "sec-fetch-site": "cross-site" },
      MESSAGES.secFetchSite,
    ],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }, MESSAGES.secFetchSite],
  ])("is refused with 403 for %s, and changes nothing", async (_case, headers, message) => {
    const dataBefore = await readFile(dataFile, "utf8");
    for (const [method, path] of [
      ["POST", "/__admin/reset"],
      ["PUT", "/__admin/plants"],
      ["DELETE", "/__admin/requests"],
      ["GET", "/__admin/requests"],
      ["GET", "/__admin/plants"],
    ] as const) {
      const answer = await adminCall(origin, method, path, {
        headers,
        ...(method === "PUT" ? { body: [{ name: "Planted by a page" }] } : {}),
      });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({
        method,
        path,
        status: 403,
        body: { error: 403, message },
      });
    }
    const fault = await adminCall(origin, "POST", "/__admin/faults", {
      headers,
      body: { operation: "listPlants", status: 503 },
    });
    expect(fault.status).toBe(403);
    await expectNothingChanged(dataBefore);
  });

  it("is answered when it comes from the server's own origin or from the user (Sec-Fetch-Site: none)", async () => {
    const cases: Record<string, string>[] = [
      { origin },
      { origin, "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
    ];
    for (const headers of cases) {
      expect((await adminCall(origin, "POST", "/__admin/reset", { headers })).status).toBe(204);
    }
    expect(server.store.entries().map((plant) => plant.name)).not.toContain("Kept");
  });
});

describe("the JSON Content-Type every admin POST and PUT needs", () => {
  it.each<[string, Record<string, string>]>([
    ["no Content-Type", {}],
    [
      "text/plain (a no-cors fetch, sendBeacon, a text/plain form)",
      { "content-type": "text/plain" },
    ],
    ["a form", { "content-type": "application/x-www-form-urlencoded" }],
    ["multipart", { "content-type": "multipart/form-data; boundary=x" }],
  ])("refuses a reset with %s: 415, nothing changed", async (_case, headers) => {
    const dataBefore = await readFile(dataFile, "utf8");
    const response = await fetch(`${origin}/__admin/reset`, { method: "POST", headers, body: "x" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 415, message: MESSAGES.contentType });
    const put = await fetch(`${origin}/__admin/plants`, {
      method: "PUT",
      headers,
      body: '[{"name":"Planted by a page"}]',
    });
    expect(put.status).toBe(415);
    expect(await put.json()).toEqual({ error: 415, message: MESSAGES.contentType });
    await expectNothingChanged(dataBefore);
  });

  it("takes an empty body with the JSON type, and a DELETE without any", async () => {
    const reset = await fetch(`${origin}/__admin/reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(reset.status).toBe(204);
    expect((await fetch(`${origin}/__admin/requests`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${origin}/__admin/faults`, { method: "DELETE" })).status).toBe(204);
  });
});

describe("the Host of a request to open admin endpoints (DNS rebinding)", () => {
  it.each([
    "attacker.example:4010",
    "attacker.example",
    "192.168.1.20:4010",
    "localhost.attacker.example",
  ])("refuses Host: %s with 403 on every endpoint", async (host) => {
    const dataBefore = await readFile(dataFile, "utf8");
    for (const [method, path] of [
      ["GET", "/__admin/requests"],
      ["GET", "/__admin/plants"],
      ["POST", "/__admin/reset"],
    ]) {
      const answer = await rawRequest(method as string, path as string, {
        host,
        "content-type": "application/json",
      });
      expect(answer).toEqual({ status: 403, body: { error: 403, message: MESSAGES.host } });
    }
    await expectNothingChanged(dataBefore);
  });

  it("refuses an absolute-form target naming another host, whatever Host says (RFC 9112 3.2.2)", async () => {
    const dataBefore = await readFile(dataFile, "utf8");
    const answer = await rawRequest("POST", "http://attacker.example/__admin/reset", {
      host: "127.0.0.1",
      "content-type": "application/json",
    });
    expect(answer).toEqual({ status: 403, body: { error: 403, message: MESSAGES.host } });
    await expectNothingChanged(dataBefore);
    const local = await rawRequest("GET", `http://127.0.0.1:${port}/__admin/plants`, {});
    expect(local.status).toBe(200);
  });

  it.each([`localhost:${4010}`, "app.localhost", "localhost.", "127.0.0.2", "[::1]:4010"])(
    "answers Host: %s",
    async (host) => {
      const answer = await rawRequest("GET", "/__admin/plants", { host });
      expect(answer.status).toBe(200);
    },
  );

  it("answers an HTTP/1.0 request without any Host", async () => {
    const socket = connect(port, "127.0.0.1");
    socket.write("GET /__admin/plants HTTP/1.0\r\n\r\n");
    const text = await new Promise<string>((resolve) => {
      let received = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        received += chunk;
      });
      socket.on("close", () => resolve(received));
    });
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toContain('"name":"Kept"');
  });

  it("does not apply to the API, which has its tokens", async () => {
    const answer = await rawRequest("GET", "/plants", {
      host: "attacker.example",
      authorization: `Bearer ${TOKEN}`,
    });
    expect(answer.status).toBe(200);
  });
});

describe("admin endpoints with an admin token", () => {
  let guarded: PlantStoreServer;
  let guardedOrigin: string;
  beforeAll(async () => {
    guarded = await startPlantStoreServer({ tokens: [TOKEN], admin: { token: ADMIN_TOKEN } });
    guardedOrigin = new URL(guarded.url).origin;
  });
  afterAll(() => guarded.close());

  it("take the token as the proof, whatever the origin: without it 401, with it 204", async () => {
    const crossSite = { origin: "http://localhost:5173", "sec-fetch-site": "cross-site" };
    const refused = await adminCall(guardedOrigin, "POST", "/__admin/reset", {
      headers: crossSite,
    });
    expect(refused.status).toBe(401);
    const headers = { ...crossSite, authorization: `Bearer ${ADMIN_TOKEN}` };
    expect((await adminCall(guardedOrigin, "POST", "/__admin/reset", { headers })).status).toBe(
      204,
    );
  });

  it("still need the JSON Content-Type with the token", async () => {
    const response = await fetch(`${guardedOrigin}/__admin/reset`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "text/plain" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 415, message: MESSAGES.contentType });
  });
});
