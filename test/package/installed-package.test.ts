// The package as users receive it: `npm pack`, install the tarball into a fresh project, then
// use it from ESM, CJS, TypeScript (node16 and bundler resolution), the bin, and a browser
// bundle. Uses the dist/ that `npm test` builds first.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cjsConsumerCts,
  cjsSmoke,
  consumerTsconfig,
  esmConsumerTs,
  esmSmoke,
} from "./consumer-fixtures.js";
import { createConsumerProject, packPackage, repoRoot, run } from "./packed-project.js";

const repoPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
const installedMsw = JSON.parse(
  readFileSync(join(repoRoot, "node_modules/msw/package.json"), "utf8"),
).version;
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");

let tarball: string;
let project: string;

beforeAll(async () => {
  // msw is an optional peer: a consumer of ./mock installs it next to the package.
  tarball = await packPackage();
  project = await createConsumerProject([tarball, `msw@${installedMsw}`]);
  writeFileSync(join(project, "smoke.mjs"), esmSmoke);
  writeFileSync(join(project, "smoke.cjs"), cjsSmoke);
  writeFileSync(join(project, "consumer.ts"), esmConsumerTs);
  writeFileSync(join(project, "consumer.cts"), cjsConsumerCts);
  const typeRoot = join(repoRoot, "node_modules/@types");
  writeFileSync(
    join(project, "tsconfig.node16.json"),
    consumerTsconfig("node16", typeRoot, ["consumer.ts", "consumer.cts"]),
  );
  writeFileSync(
    join(project, "tsconfig.bundler.json"),
    consumerTsconfig("bundler", typeRoot, ["consumer.ts"]),
  );
}, 60_000);

afterAll(() => {
  for (const dir of [project, tarball && dirname(tarball)]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

describe("the packed package installed into a fresh project", () => {
  it.each(["smoke.mjs", "smoke.cjs"])("works from %s", async (script) => {
    const { stdout } = await run(process.execPath, [script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({
      count: 2,
      status: 401,
      handler: "function",
      matcher: "function",
    });
  });

  it.each(["node16", "bundler"])(
    "typechecks a consumer under moduleResolution %s",
    async (mode) => {
      const result = await run(process.execPath, [tsc, "-p", `tsconfig.${mode}.json`], {
        cwd: project,
      }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      expect(result.stdout).toBe("");
    },
    30_000,
  );

  it("runs the plant-store-mock bin through npx", async () => {
    const { stdout } = await run("npx", ["--no-install", "plant-store-mock", "--version"], {
      cwd: project,
    });
    expect(stdout.trim()).toBe(repoPackage.version);
  });

  it("starts the plant-store-mock bin on a free port and serves the seeded plants", async () => {
    const bin = join(project, "node_modules/.bin/plant-store-mock");
    const child = spawn(bin, ["--port", "0"], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
    try {
      // The banner's first line is the URL alone (documented for --port 0).
      const [firstLine] = (await once(createInterface({ input: child.stdout }), "line")) as [
        string,
      ];
      expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${firstLine}/plants?limit=1`, {
        headers: { authorization: "Bearer plant-store-demo-token" },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ name: "Monstera deliciosa", tag: "tropical" }]);
    } finally {
      child.kill();
      await once(child, "exit");
    }
  });

  it("bundles the root entry for browsers without msw or Node built-ins", async () => {
    const result = await build({
      stdin: { contents: 'export * from "plant-store-sdk";', resolveDir: project },
      bundle: true,
      platform: "browser",
      format: "esm",
      minify: true,
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes("node_modules/openapi-fetch/"))).toBe(true);
    expect(inputs.filter((path) => /node_modules\/(msw|@mswjs|hono|@hono)\//.test(path))).toEqual(
      [],
    );
    const [output] = Object.values(result.metafile.outputs);
    expect(output?.imports).toEqual([]);
    expect(result.outputFiles[0]?.text).not.toMatch(/["']node:/);
  });

  it("keeps msw out of the server entry and the bin", async () => {
    const installed = join(project, "node_modules/plant-store-sdk");
    const result = await build({
      entryPoints: [
        join(installed, "dist/server/index.js"),
        join(installed, "dist/bin/plant-store-mock.js"),
      ],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      outdir: join(project, "out"),
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const imported = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.map((entry) => entry.path),
    );
    expect(imported.filter((path) => path === "msw" || path.startsWith("msw/"))).toEqual([]);
  });
});
