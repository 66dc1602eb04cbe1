// Each folder under examples/ is a project a user copies and runs on its own: its package.json
// says what to install, its README starts with the two commands, and nothing in it reaches
// outside the folder (an import, a tsconfig `extends`, a path, a symlink), since a copy has
// nothing around it. examples.test.ts then runs each one from such a copy.
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { examplesDir } from "./example-project.js";

const examples = readdirSync(examplesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const LEFT_BY_RUNS = new Set(["node_modules", "dist", "storybook-static", "test-results"]);

interface Manifest {
  private?: boolean;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function filesOf(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => !LEFT_BY_RUNS.has(entry.name))
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      return entry.isDirectory() ? filesOf(path) : [path];
    });
}

/**
 * Every relative path in a file that leads outside `root`: a quoted one ("./x", "../y") or a
 * Markdown link's target.
 */
function pathsOutside(file: string, text: string, root: string): string[] {
  const quoted = [...text.matchAll(/["'`](\.\.?\/[^"'`\s]*)["'`]/g)];
  const linked = [...text.matchAll(/\]\((?![a-z]+:|#)([^)#\s]+)/g)];
  return [...quoted, ...linked]
    .map((match) => match[1] ?? "")
    .filter((path) => {
      const target = relative(root, resolve(dirname(file), path));
      return target === ".." || target.startsWith(`..${sep}`);
    });
}

describe.each(examples)("examples/%s", (name) => {
  const root = join(examplesDir, name);
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;

  it("is a private project on the published package, every other package pinned", () => {
    expect(manifest.private).toBe(true);
    const { "plant-store-sdk": sdk, ...dependencies } = manifest.dependencies ?? {};
    expect(sdk).toBe("^1.0.0");
    const unpinned = Object.entries({ ...dependencies, ...manifest.devDependencies })
      .filter(([, range]) => !/^\d+\.\d+\.\d+$/.test(range))
      .map(([pkg, range]) => `${pkg}@${range}`);
    expect(unpinned).toEqual([]);
    expect(manifest.scripts?.test).toBeDefined();
  });

  it("has a README that starts with npm install and npm test", () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").split("\n");
    expect(lines.slice(0, 4)).toEqual(["```sh", "npm install", "npm test", "```"]);
  });

  it("names nothing outside its folder, and holds no symlink", () => {
    const files = filesOf(root);
    expect(files.filter((file) => lstatSync(file).isSymbolicLink())).toEqual([]);
    const outside = files
      .filter((file) => !file.endsWith("mockServiceWorker.js"))
      .flatMap((file) =>
        pathsOutside(file, readFileSync(file, "utf8"), root).map(
          (path) => `${relative(examplesDir, file)}: ${path}`,
        ),
      );
    expect(outside).toEqual([]);
  });
});

describe("the check for paths outside an example", () => {
  it("finds an import, a tsconfig extends, a URL and a link that leave the folder, nothing else", () => {
    const root = join(examplesDir, "demo");
    const file = join(root, "test", "a.test.ts");
    const text = [
      'import { x } from "../../../src/client/index.js";',
      'import { y } from "../src/y.js";',
      '{ "extends": "../../tsconfig.json" }',
      'new URL("../../examples/other/app.html", import.meta.url);',
      'readFileSync("./fixture.json");',
      "[guide](../../../docs/examples.md#node) [installed](../node_modules/x/README.md) [web](https://example.com/a)",
    ].join("\n");
    expect(pathsOutside(file, text, root)).toEqual([
      "../../../src/client/index.js",
      "../../tsconfig.json",
      "../../examples/other/app.html",
      "../../../docs/examples.md",
    ]);
  });
});
