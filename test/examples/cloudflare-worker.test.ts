// Runs examples/cloudflare-worker in miniflare (workerd with Durable Objects and their
// storage), configured from the example's own wrangler.jsonc, the code bundled by esbuild
// as wrangler would (inside the repo, "plant-store-sdk/mock" is the source next door).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare, type RequestInit, type WorkerOptions } from "miniflare";
import ts from "typescript";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

const exampleDir = fileURLToPath(new URL("../../examples/cloudflare-worker", import.meta.url));
const BASE = "https://plant-store-demo.test";
const TOKENS = "team-token, other-token";
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
    tsconfig: join(exampleDir, "../tsconfig.json"),
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
function startWorkers(secret: string | undefined, isolates = 1): Miniflare {
  const sqliteClasses = new Set(wrangler.migrations.flatMap((m) => m.new_sqlite_classes));
  const worker = (name: string, owner: boolean): WorkerOptions => ({
    name,
    modules: true,
    script,
    compatibilityDate: wrangler.compatibility_date,
    bindings: secret === undefined ? {} : { PLANT_STORE_TOKENS: secret },
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
  return { status: response.status, headers: response.headers, body: await response.json() };
}

function create(name: string): RequestInit {
  return { method: "POST", headers: json, body: JSON.stringify({ name }) };
}

describe("examples/cloudflare-worker", () => {
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
