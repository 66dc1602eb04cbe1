// testcontainers is an optional peer that only plant-store-sdk/testcontainers imports: in a
// project that never installed it, every other entry loads from ESM and CJS, and that one says
// plainly what is missing. Uses the dist/ that `npm test` builds first.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerProject, packPackage, repoRoot, run } from "./packed-project.js";

const repoPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
const installedMsw = JSON.parse(
  readFileSync(join(repoRoot, "node_modules/msw/package.json"), "utf8"),
).version;

/** The entries that hold code, as the consumer imports them. */
const entries = Object.keys(repoPackage.exports)
  .filter((key) => !/\.(yaml|json)$/.test(key))
  .map((key) => (key === "." ? "plant-store-sdk" : `plant-store-sdk/${key.slice(2)}`));

const loadEach = (load: string) => `
const entries = ${JSON.stringify(entries)};
const outcome = {};
for (const entry of entries) {
  outcome[entry] = await ${load}.then(() => "loaded", (error) =>
    \`\${error.code}: \${error.message.split("\\n")[0].replace(/ imported from .*| from .*/, "")}\`);
}
console.log(JSON.stringify(outcome));
`;

let tarball: string;
let project: string;

beforeAll(async () => {
  tarball = await packPackage();
  // msw is installed, so that only the missing testcontainers can stop an entry.
  project = await createConsumerProject([tarball, `msw@${installedMsw}`]);
  writeFileSync(join(project, "load.mjs"), loadEach("import(entry)"));
  writeFileSync(
    join(project, "load.cjs"),
    `(async () => {${loadEach("Promise.resolve().then(() => require(entry))")}})();`,
  );
}, 60_000);

afterAll(() => {
  for (const dir of [project, tarball && dirname(tarball)]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

describe("plant-store-sdk without testcontainers installed", () => {
  it("declares testcontainers ^12 as an optional peer, pinned as a devDependency for the build", () => {
    expect(repoPackage.peerDependencies.testcontainers).toBe("^12.0.0");
    expect(repoPackage.peerDependenciesMeta.testcontainers).toEqual({ optional: true });
    expect(repoPackage.devDependencies.testcontainers).toMatch(/^12\.\d+\.\d+$/);
  });

  it.each([
    ["load.mjs", "ERR_MODULE_NOT_FOUND: Cannot find package 'testcontainers'"],
    ["load.cjs", "MODULE_NOT_FOUND: Cannot find module 'testcontainers'"],
  ])(
    "%s: every other entry loads; ./testcontainers names what is missing",
    async (script, missing) => {
      const { stdout } = await run(process.execPath, [script], { cwd: project });
      const expected = Object.fromEntries(entries.map((entry) => [entry, "loaded"]));
      expected["plant-store-sdk/testcontainers"] = missing;
      expect(JSON.parse(stdout)).toEqual(expected);
    },
  );

  it("has testcontainers imported by no file of dist outside dist/testcontainers", () => {
    const dist = join(repoRoot, "dist");
    const importers = readdirSync(dist, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.c?js$/.test(file))
      .filter((file) => /["']testcontainers["']/.test(readFileSync(join(dist, file), "utf8")));
    expect(importers.sort()).toEqual(["testcontainers/index.cjs", "testcontainers/index.js"]);
  });
});
