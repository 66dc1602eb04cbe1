// `npm ci && npm run build` on a fresh clone, with nothing else installed: the build reads
// tsconfig.build.json (src/ only, no `paths` into test-tools/), and every package src/ imports,
// type-only imports included, comes with the root's own install.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import tsupConfig from "../../tsup.config.js";
import { repoRoot } from "./packed-project.js";

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const rootPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as PackageJson;

/** tsconfig.build.json as TypeScript reads it, `extends` followed. */
const buildConfig = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(repoRoot, "tsconfig.build.json"), ts.sys.readFile).config,
  ts.sys,
  repoRoot,
);

/** The package a module specifier names ("@scope/name/sub" -> "@scope/name"), or none. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/**
 * The module specifiers a file imports: imports and re-exports, `import type`, `import("...")`
 * types and calls; not `declare module` augmentations of a runner's types (the matchers'),
 * which need no install to build.
 */
function specifiersOf(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each package a file of src/ imports, with the first file that does. */
function packagesImportedBySrc(): Map<string, string> {
  const imported = new Map<string, string>();
  const files = readdirSync(join(repoRoot, "src"), { recursive: true, encoding: "utf8" });
  for (const file of files.filter((name) => /\.tsx?$/.test(name))) {
    const path = join(repoRoot, "src", file);
    const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest);
    for (const specifier of specifiersOf(source)) {
      const name = packageOf(specifier);
      if (name !== undefined && !imported.has(name)) imported.set(name, `src/${file}`);
    }
  }
  return imported;
}

describe("the build without the test tools", () => {
  it("reads tsconfig.build.json in every tsup build", () => {
    const builds = Array.isArray(tsupConfig) ? tsupConfig : [tsupConfig];
    expect(builds.map((build) => "tsconfig" in build && build.tsconfig)).toEqual(
      builds.map(() => "tsconfig.build.json"),
    );
  });

  it("takes src/ only, with no paths", () => {
    expect(buildConfig.errors).toEqual([]);
    expect(buildConfig.options.paths).toBeUndefined();
    const outsideSrc = buildConfig.fileNames.filter(
      (file) => !file.startsWith(`${join(repoRoot, "src")}/`),
    );
    expect(outsideSrc).toEqual([]);
    expect(buildConfig.fileNames.length).toBeGreaterThan(50);
  });

  it("finds every package src/ imports in the root's install, pinned where it is a devDependency", () => {
    const imported = packagesImportedBySrc();
    expect([...imported.keys()]).toEqual(
      expect.arrayContaining(["@tanstack/query-core", "msw", "openapi-fetch"]),
    );
    const missing = [...imported].filter(
      ([name]) =>
        !(name in (rootPackage.dependencies ?? {})) &&
        !(name in (rootPackage.devDependencies ?? {})),
    );
    expect(missing.map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });

  it("installs each peer a user brings as a pinned devDependency, so the build has it", () => {
    const peers = Object.keys(rootPackage.peerDependencies ?? {});
    expect(peers).toEqual(expect.arrayContaining(["@tanstack/query-core", "msw"]));
    const unpinned = peers.filter(
      (name) => !/^\d+\.\d+\.\d+$/.test(rootPackage.devDependencies?.[name] ?? ""),
    );
    expect(unpinned).toEqual([]);
  });
});
