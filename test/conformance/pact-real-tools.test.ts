// The pact a consumer suite writes, proven with the tools Pact users run: Pact's own Verifier
// (@pact-foundation/pact, under Node 24 from test-tools/) replays it against plant-store-mock
// and passes, @pactflow/swagger-mock-validator finds it compatible with openapi.yaml; and a
// pact edited to expect an `id` in a plant fails both.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testToolsRoot } from "../../scripts/test-tools.js";
import { createPlantStoreClient } from "../../src/client/index.js";
import type { PlantStorePact } from "../../src/mock/index.js";
import { createPlantStoreHandlers, type PlantStoreHandlers } from "../../src/msw/index.js";
import { buildCli, type RunningCli, startCli } from "../server/support/cli-process.js";

const run = promisify(execFile);
const NODE_24 = join(testToolsRoot, "node_modules/node-24/bin/node");
const VALIDATOR = join(
  testToolsRoot,
  "node_modules/@pactflow/swagger-mock-validator/bin/swagger-mock-validator.mjs",
);
const VERIFIER = new URL("./harness/pact-verifier.mjs", import.meta.url).pathname;
const PROVIDER_TOKEN = "provider-token-0123456789";
const CONSUMER_TOKEN = "consumer-suite-token-9876543210";

let folder: string;
let provider: RunningCli;
let pact: PlantStorePact;

/** A consumer's suite: its app's SDK calls against our MSW handlers, as its tests make them. */
async function consumerSuite(): Promise<PlantStorePact> {
  const handlers = createPlantStoreHandlers({ baseUrl: "http://api.test/v1" });
  const mockServer = setupServer(...handlers.handlers);
  mockServer.listen({ onUnhandledRequest: "error" });
  try {
    return await consumerTests(handlers);
  } finally {
    mockServer.close();
  }
}

async function consumerTests(handlers: PlantStoreHandlers): Promise<PlantStorePact> {
  const client = createPlantStoreClient({ baseUrl: "http://api.test/v1", token: CONSUMER_TOKEN });
  await client.listPlants();
  await client.createPlant({ name: "Fern", tag: "shade" });
  await client.createPlant({ name: "Aloe" });
  await client.listPlants({ limit: 2 });
  await client.listPlants({ limit: 0 });
  await client.createPlant({ name: "Basil", id: 4242 });
  await client.createPlant({ name: "Basil", id: 4242 }).catch(() => undefined);
  // What a test scripted, and a contract violation, stay out of the pact.
  handlers.failNext("listPlants", { status: 403 });
  await client.listPlants().catch(() => undefined);
  handlers.reset();
  await client.listPlants();
  return handlers.toPact({ consumer: "plant-web", provider: "plant-store" });
}

function writePact(name: string, value: PlantStorePact): string {
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

/** The Verifier's verdict on `file` against the running plant-store-mock. */
async function verify(file: string): Promise<{ passed: boolean; error?: string }> {
  const { stdout } = await run(NODE_24, [VERIFIER, provider.url, file, PROVIDER_TOKEN], {
    env: { ...process.env, PACT_DO_NOT_TRACK: "true" },
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = stdout.split("\n").find((text) => text.startsWith("PACT_VERDICT "));
  if (line === undefined) throw new Error(`no verdict from the Verifier:\n${stdout}`);
  return JSON.parse(line.slice("PACT_VERDICT ".length));
}

/** swagger-mock-validator's exit code and output for `file` against openapi.yaml. */
async function validate(file: string): Promise<{ code: number; output: string }> {
  return run(process.execPath, [VALIDATOR, "openapi.yaml", file], { timeout: 60_000 }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  );
}

/** The pact with an `id` expected in every plant a response holds. */
function expectingIds(original: PlantStorePact): PlantStorePact {
  const copy = structuredClone(original);
  for (const interaction of copy.interactions) {
    const content = interaction.response.body?.content;
    if (Array.isArray(content)) {
      for (const plant of content) (plant as { id?: number }).id = 1;
    } else if (interaction.response.status < 300 && content !== undefined) {
      (content as { id?: number }).id = 1;
    }
  }
  return copy;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "plant-store-pact-"));
  const bin = await buildCli("pact-real-tools");
  provider = await startCli(bin, [
    "--port",
    "0",
    "--quiet",
    "--admin",
    "--base-path",
    "/api",
    "--token",
    PROVIDER_TOKEN,
  ]);
  pact = await consumerSuite();
}, 120_000);

afterAll(async () => {
  provider?.child.kill("SIGTERM");
  await provider?.exited;
  rmSync(folder, { recursive: true, force: true });
});

describe("a consumer suite's pact, checked by Pact's tools", () => {
  it("holds the interactions a provider must honour, and no token", () => {
    expect(pact.interactions.map((interaction) => interaction.description)).toEqual([
      "listPlants answered 200",
      "createPlant with name, tag answered 201",
      "createPlant with name answered 201",
      "listPlants with a limit answered 200 after the caller created plants",
      "listPlants with limit=0 answered 200 after the caller created plants",
      "createPlant with name, id answered 201",
      "createPlant with name, id answered 409",
    ]);
    expect(JSON.stringify(pact)).not.toContain(CONSUMER_TOKEN);
  });

  it("passes Pact's Verifier against plant-store-mock served under another base path", async () => {
    expect(await verify(writePact("plant-web-plant-store.json", pact))).toEqual({ passed: true });
  }, 60_000);

  it("is compatible with openapi.yaml by swagger-mock-validator", async () => {
    const result = await validate(writePact("plant-web-plant-store.json", pact));
    expect(result.output).toContain("0 error(s)");
    expect(result.code).toBe(0);
  }, 60_000);

  it("fails both once edited to expect an id in a plant", async () => {
    const file = writePact("expects-id.json", expectingIds(pact));
    const verdict = await verify(file);
    expect(verdict.passed).toBe(false);
    expect(verdict.error).toContain("Actual map is missing the following keys: id");
    const result = await validate(file);
    expect(result.code).toBe(1);
    expect(result.output).toContain("must NOT have additional properties - id");
  }, 120_000);
});
