// Runs the Worker in miniflare (workerd with Durable Objects and their storage), configured
// from wrangler.jsonc, the code bundled by esbuild as wrangler would bundle it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare, type RequestInit, type WorkerOptions } from "miniflare";
import { createPlantStoreClient, type PlantStoreClient } from "plant-store-sdk";
import { createPlantStoreAdmin, type PlantStoreAdmin } from "plant-store-sdk/admin";
import ts from "typescript";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

const exampleDir = fileURLToPath(new URL("..", import.meta.url));
const BASE = "https://plant-store-demo.test";
const TOKENS = "team-token, other-token";
const ADMIN_TOKEN = "demo-admin-token";
const team = { authorization: "Bearer team-token" };
const json = { ...team, "content-type": "application/json" };

interface WranglerConfig {
  main: string;
  compatibility_date: string;
  durable_objects: { bindings: { name: string; class_name: string }[] };
  migrations: { new_sqlite_classes: string[] }[];
}

const wrangler = ts.parseConfigFileTextToJson(
  "wrangler.jsonc",
  readFileSync(join(exampleDir, "wrangler.jsonc"), "utf8"),
).config as WranglerConfig;

let script: string;
let persistDir: string;
const running: Miniflare[] = [];

beforeAll(async () => {
  const result = await build({
    entryPoints: [join(exampleDir, wrangler.main)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    logLevel: "silent",
  });
  script = result.outputFiles[0]?.text ?? "";
}, 30_000);

afterEach(async () => {
  await Promise.all(running.splice(0).map((mf) => mf.dispose()));
  if (persistDir) rmSync(persistDir, { recursive: true, force: true });
});

afterAll(async () => {
  await Promise.all(running.map((mf) => mf.dispose()));
});

/** The Worker as wrangler.jsonc describes it, `isolates` times (each its own isolate). */
function startWorkers(
  secret: string | undefined,
  isolates = 1,
  adminToken: string | null = ADMIN_TOKEN,
): Miniflare {
  const sqliteClasses = new Set(wrangler.migrations.flatMap((m) => m.new_sqlite_classes));
  const worker = (name: string, owner: boolean): WorkerOptions => ({
    name,
    modules: true,
    script,
    compatibilityDate: wrangler.compatibility_date,
    bindings: {
      ...(secret === undefined ? {} : { PLANT_STORE_TOKENS: secret }),
      ...(adminToken === null ? {} : { PLANT_STORE_ADMIN_TOKEN: adminToken }),
    },
    routes: [`${name}.test/*`],
    durableObjects: Object.fromEntries(
      wrangler.durable_objects.bindings.map(({ name: binding, class_name: className }) => [
        binding,
        // Every isolate binds the object defined by the first: one object for them all.
        owner
          ? { className, useSQLite: sqliteClasses.has(className) }
          : { className, scriptName: "isolate-0", useSQLite: sqliteClasses.has(className) },
      ]),
    ),
  });
  const mf = new Miniflare({
    durableObjectsPersist: persistDir,
    workers: Array.from({ length: isolates }, (_, i) => worker(`isolate-${i}`, i === 0)),
  });
  running.push(mf);
  return mf;
}

async function send(mf: Miniflare, path: string, init?: RequestInit, isolate = 0) {
  const url = `${BASE}${path}`.replace("plant-store-demo.test", `isolate-${isolate}.test`);
  const response = await mf.dispatchFetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text && JSON.parse(text) };
}

/** A fetch that goes through miniflare, for the SDK and the admin client. */
function fetchThrough(mf: Miniflare, isolate = 0): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = request.url.replace("plant-store-demo.test", `isolate-${isolate}.test`);
    const body = request.body === null ? undefined : await request.text();
    const answer = await mf.dispatchFetch(url, {
      method: request.method,
      headers: [...request.headers],
      body,
    });
    const text = await answer.text();
    return new Response(text === "" ? null : text, {
      status: answer.status,
      statusText: answer.statusText,
      headers: [...answer.headers],
    });
  };
}

function adminOf(mf: Miniflare, token = ADMIN_TOKEN): PlantStoreAdmin {
  return createPlantStoreAdmin({ baseUrl: BASE, token, fetch: fetchThrough(mf) });
}

function clientOf(mf: Miniflare, token: string, isolate = 0): PlantStoreClient {
  return createPlantStoreClient({ baseUrl: BASE, token, fetch: fetchThrough(mf, isolate) });
}

function asAdmin(method: string, body?: unknown): RequestInit {
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" };
  return { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}

function create(name: string): RequestInit {
  return { method: "POST", headers: json, body: JSON.stringify({ name }) };
}

describe("the Worker", () => {
  it("lists in the next request what one request created, from every isolate", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const mf = startWorkers(TOKENS, 2);
    expect((await send(mf, "/plants", create("Monstera"), 0)).status).toBe(201);
    expect((await send(mf, "/plants", create("Pothos"), 1)).status).toBe(201);
    for (const isolate of [0, 1]) {
      const list = await send(mf, "/plants?limit=100", { headers: team }, isolate);
      expect((list.body as unknown[]).slice(-2)).toEqual([
        { name: "Monstera" },
        { name: "Pothos" },
      ]);
    }
  }, 30_000);

  it("keeps the plants when the Worker is reloaded from the same storage", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const first = startWorkers(TOKENS);
    await send(first, "/plants", create("Kept fern"));
    const before = (await send(first, "/plants", { headers: team })).body;
    await first.dispose();
    running.splice(running.indexOf(first), 1);

    const reloaded = startWorkers(TOKENS);
    const after = await send(reloaded, "/plants", { headers: team });
    expect(after.body).toEqual(before);
    expect(after.body).toContainEqual({ name: "Kept fern" });
    // The id counter came back too: the next plant does not reuse a stored id.
    await send(reloaded, "/plants", create("Next fern"));
    expect(
      ((await send(reloaded, "/plants", { headers: team })).body as unknown[]).slice(-2),
    ).toEqual([{ name: "Kept fern" }, { name: "Next fern" }]);
  }, 30_000);

  it("answers a token that is not in the secret with the contract's 401", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const mf = startWorkers(TOKENS);
    const answer = await send(mf, "/plants", { headers: { authorization: "Bearer stolen" } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      'Bearer realm="plant-store", error="invalid_token"',
    );
    expect(answer.body).toEqual({
      error: 401,
      message: "The bearer token in the Authorization header is not accepted.",
    });
  }, 30_000);

  it("refuses to serve, with an Error body naming the secret, when PLANT_STORE_TOKENS is unset", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const mf = startWorkers(undefined);
    const answer = await send(mf, "/plants", { headers: team });
    expect(answer).toMatchObject({
      status: 500,
      body: {
        error: 500,
        message:
          "The PLANT_STORE_TOKENS secret is not set; run `npx wrangler secret put PLANT_STORE_TOKENS`.",
      },
    });
  }, 30_000);
});

describe("sandboxes, each its own Durable Object", () => {
  const names = (plants: { name: string }[]) => plants.map((plant) => plant.name);

  it("keeps two sandboxes driven in parallel apart: plants, faults and journals", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const mf = startWorkers(TOKENS, 2);
    const admin = adminOf(mf);
    const [a, b] = await Promise.all([
      admin.createSandbox({ seed: [{ name: "Fern" }] }),
      admin.createSandbox({ seed: [{ name: "Cactus" }] }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect(a.token).toMatch(/^psb_/);
    await a.failNext("createPlant", { status: 503, message: "A is being repotted." });

    // Each sandbox from its own isolate: the token alone finds the object.
    const clientA = clientOf(mf, a.token, 0);
    const clientB = clientOf(mf, b.token, 1);
    const drive = async (client: PlantStoreClient, prefix: string) => {
      const outcomes: (number | string)[] = [];
      for (let i = 1; i <= 3; i++) {
        outcomes.push(
          await client.createPlant({ name: `${prefix} ${i}` }, { retry: false }).then(
            () => 201,
            (error: { status: number; body: { message: string } }) =>
              `${error.status} ${error.body.message}`,
          ),
        );
      }
      return outcomes;
    };
    const [outcomesA, outcomesB] = await Promise.all([drive(clientA, "A"), drive(clientB, "B")]);

    expect(outcomesA).toEqual(["503 A is being repotted.", 201, 201]);
    expect(outcomesB).toEqual([201, 201, 201]);
    expect(names(await clientA.listPlants())).toEqual(["Fern", "A 2", "A 3"]);
    expect(names(await clientB.listPlants())).toEqual(["Cactus", "B 1", "B 2", "B 3"]);
    const journal = async (sandbox: typeof a) =>
      (await sandbox.requests()).map(({ method, status, body }) => ({ method, status, body }));
    expect(await journal(a)).toEqual([
      { method: "POST", status: 503, body: { name: "A 1" } },
      { method: "POST", status: 201, body: { name: "A 2" } },
      { method: "POST", status: 201, body: { name: "A 3" } },
      { method: "GET", status: 200, body: undefined },
    ]);
    expect((await journal(b)).map((entry) => entry.body)).toEqual([
      { name: "B 1" },
      { name: "B 2" },
      { name: "B 3" },
      undefined,
    ]);
    // The shared store, outside every sandbox, saw none of it.
    const shared = await send(mf, "/plants?limit=100", { headers: team });
    expect(names(shared.body as { name: string }[])).not.toContain("A 2");
    expect(names(shared.body as { name: string }[])).not.toContain("Fern");

    // Another caller in A sees A's public plants, not the first caller's; reset is A's alone.
    const other = clientOf(mf, await a.createToken());
    expect(names(await other.listPlants())).toEqual(["Fern"]);
    await a.reset();
    expect(await a.requests()).toEqual([]);
    expect(names(await clientA.listPlants())).toEqual(["Fern"]);
    expect(names(await clientB.listPlants())).toEqual(["Cactus", "B 1", "B 2", "B 3"]);
  }, 60_000);

  it("keeps a sandbox's plants and tokens when the Worker restarts on the same storage", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const first = startWorkers(TOKENS);
    const sandbox = await adminOf(first).createSandbox({ seed: [{ name: "Seed fern" }] });
    const secondToken = await sandbox.createToken();
    await clientOf(first, sandbox.token).createPlant({ name: "Mine" });
    await clientOf(first, secondToken).createPlant({ name: "Theirs" });
    await first.dispose();
    running.splice(running.indexOf(first), 1);

    const restarted = startWorkers(TOKENS);
    expect(names(await clientOf(restarted, sandbox.token).listPlants())).toEqual([
      "Seed fern",
      "Mine",
    ]);
    expect(names(await clientOf(restarted, secondToken).listPlants())).toEqual([
      "Seed fern",
      "Theirs",
    ]);
    // Its seed came back too: a reset returns to it, not to the built-in seed.
    const reset = await send(restarted, `/__admin/sandboxes/${sandbox.id}/reset`, asAdmin("POST"));
    expect(reset.status).toBe(204);
    expect(names(await clientOf(restarted, sandbox.token).listPlants())).toEqual(["Seed fern"]);
  }, 60_000);

  it("closes a sandbox: its tokens get the contract's 401 and its id the admin's 404", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const mf = startWorkers(TOKENS);
    const sandbox = await adminOf(mf).createSandbox();
    await clientOf(mf, sandbox.token).createPlant({ name: "Short-lived" });
    await sandbox.close();

    const refused = await send(mf, "/plants", {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe(
      'Bearer realm="plant-store", error="invalid_token"',
    );
    expect(refused.body).toEqual({
      error: 401,
      message:
        "The bearer token in the Authorization header is a sandbox token (psb_...) whose sandbox is closed or expired (or never existed); create a new sandbox.",
    });
    expect(await send(mf, `/__admin/sandboxes/${sandbox.id}/plants`, asAdmin("GET"))).toMatchObject(
      {
        status: 404,
        body: {
          error: 404,
          message:
            "No open sandbox has the id in the path: it was closed, expired or never created.",
        },
      },
    );
    // Nothing of it is left to come back after a restart either.
    await mf.dispose();
    running.splice(running.indexOf(mf), 1);
    const restarted = startWorkers(TOKENS);
    const after = await send(restarted, "/plants", {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(after.status).toBe(401);
  }, 60_000);

  it("refuses bad sandbox requests with the Error body", async () => {
    persistDir = mkdtempSync(join(tmpdir(), "plant-store-do-"));
    const mf = startWorkers(TOKENS);
    const open = (init: RequestInit) => send(mf, "/__admin/sandboxes", init);

    expect(await open({ ...asAdmin("POST"), headers: team })).toMatchObject({
      status: 401,
      body: {
        error: 401,
        message: "The bearer token in the Authorization header is not the admin token.",
      },
    });
    const badSeed = await open(asAdmin("POST", { seed: [{ tag: "no name" }] }));
    expect(badSeed.status).toBe(400);
    expect(badSeed.body).toEqual({ error: 400, message: expect.stringContaining("seed") });
    expect(await open({ ...asAdmin("POST"), body: "{" })).toMatchObject({
      status: 400,
      body: { error: 400, message: "The request body is not valid JSON." },
    });
    expect(await open(asAdmin("POST", { seed: [], name: "x" }))).toMatchObject({
      status: 400,
      body: { error: 400, message: 'Unknown field "name"; the field is seed.' },
    });
    const sandbox = await adminOf(mf).createSandbox();
    expect(await send(mf, `/__admin/sandboxes/${sandbox.id}/sandboxes`, asAdmin("POST"))).toEqual({
      status: 404,
      headers: expect.anything(),
      body: {
        error: 404,
        message:
          "The request path is not a sandbox endpoint; they are /reset, /faults, /requests, /plants, /tokens.",
      },
    });
    expect(await send(mf, "/__admin/sandboxes/not-an-id/reset", asAdmin("POST"))).toMatchObject({
      status: 404,
      body: { error: 404, message: expect.stringContaining("No open sandbox") },
    });
    // A made-up sandbox token, well-formed or not, is nobody's.
    for (const forged of [`psb_${"0".repeat(64)}_guess`, "psb_guess"]) {
      const answer = await send(mf, "/plants", { headers: { authorization: `Bearer ${forged}` } });
      expect(answer).toMatchObject({ status: 401, body: { error: 401 } });
    }

    const off = startWorkers(TOKENS, 1, null);
    expect(await send(off, "/__admin/sandboxes", asAdmin("POST"))).toMatchObject({
      status: 404,
      body: {
        error: 404,
        message:
          "Sandboxes are off: set the PLANT_STORE_ADMIN_TOKEN secret (`npx wrangler secret put PLANT_STORE_ADMIN_TOKEN`).",
      },
    });
  }, 60_000);
});
