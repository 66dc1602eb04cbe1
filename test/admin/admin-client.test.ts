// createPlantStoreAdmin against a real server with an admin token: every method, the checks
// of its options, and the errors it raises for refused requests.
import { build } from "esbuild";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createPlantStoreAdmin,
  type PlantStoreAdmin,
  PlantStoreAdminError,
} from "../../src/admin/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const API_TOKEN = "admin-client-api-token";
const ADMIN_TOKEN = "admin-client-admin-token";
let server: PlantStoreServer;
let admin: PlantStoreAdmin;

beforeAll(async () => {
  server = await startPlantStoreServer({
    tokens: [API_TOKEN],
    seed: [{ name: "Seed fern", tag: "fern" }],
    admin: { token: ADMIN_TOKEN },
    basePath: "/v1",
  });
  // server.url carries the base path; the admin endpoints are at the root all the same.
  admin = createPlantStoreAdmin({ baseUrl: server.url, token: ADMIN_TOKEN });
});
afterAll(() => server.close());
beforeEach(() => admin.reset());

function list(): Promise<Response> {
  return fetch(`${server.url}/plants`, { headers: { authorization: `Bearer ${API_TOKEN}` } });
}

function create(body: unknown): Promise<Response> {
  return fetch(`${server.url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("createPlantStoreAdmin", () => {
  it("reads the journal and clears it", async () => {
    await list();
    await create({ name: "Aloe", tag: "succulent" });
    const entries = await admin.requests();
    expect(
      entries.map(({ method, path, status, body }) => ({ method, path, status, body })),
    ).toEqual([
      { method: "GET", path: "/v1/plants", status: 200, body: undefined },
      { method: "POST", path: "/v1/plants", status: 201, body: { name: "Aloe", tag: "succulent" } },
    ]);
    await admin.clearRequests();
    expect(await admin.requests()).toEqual([]);
  });

  it("makes the next create fail with failNext, until clearFaults with times: Infinity", async () => {
    await admin.failNext("createPlant", { status: 503, message: "Down for repotting." });
    const failed = await create({ name: "Early" });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ error: 503, message: "Down for repotting." });
    expect((await create({ name: "Later" })).status).toBe(201);

    await admin.failNext("listPlants", { status: 500, times: Number.POSITIVE_INFINITY });
    expect((await list()).status).toBe(500);
    expect((await list()).status).toBe(500);
    await admin.clearFaults();
    expect((await list()).status).toBe(200);
  });

  it("fails with 500 when failNext is given no status, as the in-process failNext does", async () => {
    await admin.failNext("createPlant");
    const failed = await create({ name: "Early" });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      error: 500,
      message: "createPlant failed with status 500 (simulated by failNext).",
    });
    await admin.failNext("listPlants", { message: "The greenhouse is closed.", times: 2 });
    for (let i = 0; i < 2; i++) {
      const answer = await list();
      expect(answer.status).toBe(500);
      expect(await answer.json()).toEqual({ error: 500, message: "The greenhouse is closed." });
    }
    expect((await list()).status).toBe(200);
  });

  it("delays the next list with delayNext", async () => {
    await admin.delayNext("listPlants", 120);
    expect((await list()).status).toBe(200);
    const [entry] = await admin.requests();
    // A lower bound only; timers may fire up to a millisecond early by performance.now().
    expect(entry?.durationMs).toBeGreaterThanOrEqual(119);
  });

  it("shows and loads the store's plants; reset puts the seed back", async () => {
    await create({ name: "Private" });
    expect(await admin.plants()).toEqual([
      { id: 1, name: "Seed fern", tag: "fern", public: true },
      { id: 2, name: "Private", public: false },
    ]);
    const loaded = await admin.load([
      { name: "Loaded", id: 9 },
      { name: "Also loaded", tag: "x" },
    ]);
    expect(loaded).toEqual([
      { id: 9, name: "Loaded", public: true },
      { id: 1, name: "Also loaded", tag: "x", public: true },
    ]);
    expect(await (await list()).json()).toEqual([
      { name: "Loaded" },
      { name: "Also loaded", tag: "x" },
    ]);
    await admin.reset();
    expect(await admin.plants()).toEqual([{ id: 1, name: "Seed fern", tag: "fern", public: true }]);
  });

  it("rejects a refused request with a PlantStoreAdminError carrying the status and Error body", async () => {
    const failure = await admin
      // @ts-expect-error: a status no failure can have does not compile; JavaScript gets the 400.
      .failNext("createPlant", { status: 302 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlantStoreAdminError);
    const url = `${new URL(server.url).origin}/__admin/faults`;
    expect(failure).toMatchObject({
      name: "PlantStoreAdminError",
      status: 400,
      body: { error: 400, message: "status must be an integer from 400 to 599." },
      method: "POST",
      url,
      message: `POST ${url} answered 400: status must be an integer from 400 to 599.`,
    });
  });

  it("rejects with 401 without the admin token", async () => {
    const anonymous = createPlantStoreAdmin({ baseUrl: server.url });
    const failure = await anonymous.reset().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlantStoreAdminError);
    expect(failure).toMatchObject({
      status: 401,
      body: {
        error: 401,
        message: "The Authorization header is missing; send Authorization: Bearer <token>.",
      },
    });
    expect((failure as Error).message).not.toContain("--admin");
  });

  it("says to start the server with --admin when the API answered instead", async () => {
    const plain = await startPlantStoreServer({ tokens: [API_TOKEN] });
    const hint =
      "The API answered, not the admin endpoints: start the server with --admin (admin: true).";
    try {
      // The API's 401 (no API token sent) and, with an API token as admin token, its 404.
      const anonymous = await createPlantStoreAdmin({ baseUrl: plain.url })
        .reset()
        .catch((error: unknown) => error);
      expect((anonymous as Error).message).toBe(
        `POST ${plain.url}/__admin/reset answered 401: The Authorization header is missing; send Authorization: Bearer <token>. ${hint}`,
      );
      const withApiToken = await createPlantStoreAdmin({ baseUrl: plain.url, token: API_TOKEN })
        .plants()
        .catch((error: unknown) => error);
      expect(withApiToken).toMatchObject({ status: 404 });
      expect((withApiToken as Error).message).toBe(
        `GET ${plain.url}/__admin/plants answered 404: The request path is not part of the Plant Store API; use /plants. ${hint}`,
      );
    } finally {
      await plain.close();
    }
  });

  it("uses the fetch it is given, looked up at each call", async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(
        `${init?.method} ${String(input)} ${new Headers(init?.headers).get("authorization")}`,
      );
      return fetch(input, init);
    };
    await createPlantStoreAdmin({ baseUrl: server.url, token: ADMIN_TOKEN, fetch: spy }).plants();
    expect(seen).toEqual([
      `GET ${new URL(server.url).origin}/__admin/plants Bearer ${ADMIN_TOKEN}`,
    ]);
  });

  it.each<[string, unknown, Error]>([
    [
      "no options",
      undefined,
      new TypeError('options must be an object such as { baseUrl: "http://127.0.0.1:4010" }.'),
    ],
    [
      "no baseUrl",
      {},
      new TypeError(
        "baseUrl must be an absolute http(s) URL without query, fragment or credentials",
      ),
    ],
    [
      "a relative baseUrl",
      { baseUrl: "/admin" },
      new TypeError(
        "baseUrl must be an absolute http(s) URL without query, fragment or credentials",
      ),
    ],
    [
      "an ftp baseUrl",
      { baseUrl: "ftp://host" },
      new TypeError(
        "baseUrl must be an absolute http(s) URL without query, fragment or credentials",
      ),
    ],
    [
      "an empty token",
      { baseUrl: "http://127.0.0.1:1", token: "" },
      new TypeError(
        "token must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.",
      ),
    ],
    [
      "a fetch that is not a function",
      { baseUrl: "http://127.0.0.1:1", fetch: "fetch" },
      new TypeError("fetch must be a function with the signature of the global fetch."),
    ],
    [
      "a misspelt option",
      { baseUrl: "http://127.0.0.1:1", tokn: "x" },
      new TypeError('Unknown option "tokn"; the options are baseUrl, token, fetch.'),
    ],
  ])("refuses %s at creation", (_case, options, error) => {
    expect(() => createPlantStoreAdmin(options as never)).toThrow(error);
    try {
      createPlantStoreAdmin(options as never);
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(TypeError);
    }
  });
});

describe("plant-store-sdk/admin", () => {
  it("bundles for browsers without msw, hono or Node built-ins", async () => {
    const result = await build({
      entryPoints: ["src/admin/index.ts"],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    // Only its own files, the shared rules of src/contract and the SDK's error classes.
    expect(
      inputs.filter((path) => !/^src\/(admin\/|contract\/[\w-]+\.ts$|client\/errors\/)/.test(path)),
    ).toEqual([]);
    const [output] = Object.values(result.metafile.outputs);
    expect(output?.imports).toEqual([]);
  });
});
