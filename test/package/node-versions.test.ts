// The `engines` range in package.json, proven: the packed package runs on the lowest Node it
// admits and on the newest Node 22 and 24. Each binary comes from npm's `node` package, all
// installed with the tarball in one project; one small script per version uses the SDK (ESM
// and CJS builds), the fetch handler, and the plant-store-mock CLI it spawns on that Node.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerProject, packPackage, repoRoot, run } from "./packed-project.js";

const engines = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).engines.node;
// Only ">=x.y.z" is read, so a range of another shape fails here instead of going untested.
const lowest = /^>=(\d+\.\d+\.\d+)$/.exec(engines)?.[1];
const installedMsw = JSON.parse(
  readFileSync(join(repoRoot, "node_modules/msw/package.json"), "utf8"),
).version;

/** Alias in the project -> npm spec of the `node` package. */
const NODES: Record<string, string> = {
  "node-lowest": `node@${lowest}`,
  "node-22": "node@22",
  "node-24": "node@24",
};

const CHECK_SCRIPT = `
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { createPlantStoreClient, PlantStoreApiError } from "plant-store-sdk";
import { createPlantStoreFetchHandler } from "plant-store-sdk/mock";

const require = createRequire(import.meta.url);
const outcome = (promise) =>
  promise.then(
    (value) => ({ ok: value }),
    (error) => ({ error: error instanceof PlantStoreApiError ? error.status : error.name + ": " + error.message }),
  );

const handler = createPlantStoreFetchHandler({ tokens: ["t1"], seed: [{ name: "Ivy" }] });
const inProcess = createPlantStoreClient({ baseUrl: "http://mock.test", token: "t1", fetch: handler });
const fetchHandler = {
  created: await outcome(inProcess.createPlant({ name: "Aloe", tag: "succulent" })),
  listed: await outcome(inProcess.listPlants()),
  unauthorized: (await handler(new Request("http://mock.test/plants"))).status,
};

const bin = require.resolve("plant-store-sdk/package.json").replace(/package\\.json$/, "dist/bin/plant-store-mock.js");
const cli = spawn(process.execPath, [bin, "--port", "0", "--token", "t1", "--quiet"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const [url] = await once(createInterface({ input: cli.stdout }), "line");
const client = createPlantStoreClient({ baseUrl: url, token: "t1" });
const server = {
  created: await outcome(client.createPlant({ name: "Fern" })),
  listed: await outcome(client.listPlants({ limit: 2 })),
  withSignal: await outcome(client.listPlants({ limit: 1 }, { signal: new AbortController().signal })),
  aborted: await outcome(client.listPlants({}, { signal: AbortSignal.abort() })),
  wrongToken: await outcome(createPlantStoreClient({ baseUrl: url, token: "t2" }).listPlants()),
  cjs: await outcome(require("plant-store-sdk").createPlantStoreClient({ baseUrl: url, token: "t1" }).listPlants({ limit: 1 })),
};
cli.kill("SIGTERM");
const [exitCode] = await once(cli, "exit");
console.log(JSON.stringify({ node: process.version, fetchHandler, server: { ...server, exitCode } }));
`;

const MONSTERA = { name: "Monstera deliciosa", tag: "tropical" };
const EXPECTED = {
  fetchHandler: {
    created: { ok: { name: "Aloe", tag: "succulent" } },
    listed: { ok: [{ name: "Ivy" }, { name: "Aloe", tag: "succulent" }] },
    unauthorized: 401,
  },
  server: {
    created: { ok: { name: "Fern" } },
    listed: { ok: [MONSTERA, { name: "Snake plant", tag: "succulent" }] },
    withSignal: { ok: [MONSTERA] },
    aborted: { error: "AbortError: This operation was aborted" },
    wrongToken: { error: 401 },
    cjs: { ok: [MONSTERA] },
    exitCode: 0,
  },
};

let project: string;
let tarball: string;

beforeAll(async () => {
  if (lowest === undefined) throw new Error(`engines.node is "${engines}"; expected ">=x.y.z"`);
  tarball = await packPackage();
  const nodes = Object.entries(NODES).map(([alias, spec]) => `${alias}@npm:${spec}`);
  // msw is the optional peer that plant-store-sdk/mock's MSW handlers import.
  project = await createConsumerProject([tarball, `msw@${installedMsw}`, ...nodes]);
  writeFileSync(join(project, "check.mjs"), CHECK_SCRIPT);
}, 180_000);

afterAll(() => {
  for (const dir of [project, tarball && dirname(tarball)]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

describe(`the packed package on every Node that engines (${engines}) admits`, () => {
  it.concurrent.each(Object.entries(NODES))(
    "runs on %s (%s)",
    async (alias, spec) => {
      // npm skips install scripts here, so take the binary from the platform package directly.
      const node = join(
        project,
        `node_modules/${alias}/node_modules/node-${process.platform}-${process.arch}/bin/node`,
      );
      const { stdout } = await run(node, ["check.mjs"], { cwd: project, timeout: 30_000 }).catch(
        // What the script printed before it failed or hung says which part broke.
        (error: Error & { stdout?: string }) => {
          throw new Error(`${error.message}\nstdout: ${error.stdout}`);
        },
      );
      const result = JSON.parse(stdout);
      const major = spec.slice("node@".length);
      expect(result.node).toMatch(new RegExp(`^v${major.replaceAll(".", "\\.")}(\\.|$)`));
      expect(result).toEqual({ node: result.node, ...EXPECTED });
    },
    60_000,
  );
});
