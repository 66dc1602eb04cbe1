// The house the features live in (docs/contributing.md, "Where a new feature goes"): one folder
// a feature, an engine that imports no adapter and no shadow, no file that half the package
// imports, and import chains short enough to follow.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve("src");
const ENGINE = join(SRC, "mock");
const FEATURES = [
  "sandboxes",
  "scenarios",
  "journal",
  "pact",
  "shadow",
  "landing-page",
  "admin-api",
];

function folders(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [join(folder, entry.name), ...folders(join(folder, entry.name))]);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

interface Edge {
  to: string;
  /** An `import type`, an all-`type` import or re-export, or an `import()` type. */
  typeOnly: boolean;
}

const files = sourceFiles(SRC);
const known = new Set(files);

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const path = resolve(dirname(from), specifier).replace(/\.js$/, ".ts");
  return known.has(path) ? path : undefined;
}

/** Every relative import of `file`: static, type-only, re-exports and `import()` types. */
function edgesOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022);
  const edges: Edge[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const to = resolveImport(file, node.moduleSpecifier.text);
      if (to !== undefined) edges.push({ to, typeOnly: isTypeOnly(node) });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const to = resolveImport(file, node.argument.literal.text);
      if (to !== undefined) edges.push({ to, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause)
      ? clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly)
      : false;
  }
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

const edges = new Map(files.map((file) => [file, edgesOf(file)]));
const isEntry = (file: string) => file.endsWith("/index.ts") && dirname(dirname(file)) === SRC;
const shown = (file: string) => relative(".", file);

/** The files `file` takes names from: a barrel (an entry's index.ts) stands for what it re-exports. */
function declaringFiles(file: string, seen = new Set<string>()): string[] {
  if (!isEntry(file) || seen.has(file)) return [file];
  seen.add(file);
  return (edges.get(file) ?? []).flatMap((edge) => declaringFiles(edge.to, seen));
}

function importersOf(target: string): Set<string> {
  const importers = new Set<string>();
  for (const [file, list] of edges) {
    if (list.some((edge) => declaringFiles(edge.to).includes(target))) importers.add(file);
  }
  return importers;
}

describe("one folder a feature", () => {
  it.each(FEATURES)("%s is exactly one folder under src/, holding code of its own", (feature) => {
    const homes = folders(SRC).filter((folder) => folder.endsWith(`/${feature}`));
    expect(homes.map(shown)).toHaveLength(1);
    expect(sourceFiles(homes[0] as string).length).toBeGreaterThan(0);
  });
});

describe("the engine (src/mock)", () => {
  it("imports no adapter (src/server, src/msw) and not the shadow", () => {
    const adapters = ["server", "msw", "shadow"].map((name) => `${join(SRC, name)}/`);
    const crossing = sourceFiles(ENGINE).flatMap((file) =>
      (edges.get(file) ?? [])
        .filter((edge) => adapters.some((adapter) => edge.to.startsWith(adapter)))
        .map((edge) => `${shown(file)} -> ${shown(edge.to)}`),
    );
    expect(crossing).toEqual([]);
  });

  it("has no arrow running back up: no file imports one in a folder above its own", () => {
    const upward = sourceFiles(ENGINE)
      .filter((file) => dirname(file) !== ENGINE)
      .flatMap((file) =>
        (edges.get(file) ?? [])
          .filter((edge) => edge.to.startsWith(`${ENGINE}/`))
          .filter((edge) => dirname(file).startsWith(`${dirname(edge.to)}/`))
          .map((edge) => `${shown(file)} -> ${shown(edge.to)}`),
      );
    expect(upward).toEqual([]);
  });
});

describe("hubs and depth", () => {
  it("no source file outside src/contract has more than 15 importers (entries included)", () => {
    const hubs = files
      .filter((file) => !file.startsWith(`${join(SRC, "contract")}/`))
      .map((file) => [shown(file), importersOf(file).size] as const)
      .filter(([, count]) => count > 15);
    expect(hubs).toEqual([]);
  });

  it("the longest chain of value imports (re-exports count, type-only imports do not) is at most 12 files", () => {
    const longest = new Map<string, string[]>();
    const chainFrom = (file: string, path: Set<string>): string[] => {
      const known = longest.get(file);
      if (known !== undefined) return known;
      let best = [file];
      for (const edge of edges.get(file) ?? []) {
        if (edge.typeOnly || path.has(edge.to)) continue;
        const below = chainFrom(edge.to, new Set([...path, file]));
        if (below.length + 1 > best.length) best = [file, ...below];
      }
      longest.set(file, best);
      return best;
    };
    const chains = files.map((file) => chainFrom(file, new Set()));
    const deepest = chains.reduce((a, b) => (b.length > a.length ? b : a));
    expect(deepest.length, deepest.map(shown).join(" -> ")).toBeLessThanOrEqual(12);
  });

  // 753 lines before the house was rebuilt; it took what both sides share since: the core's
  // request and answer shapes (which 24 files name), the partial `when` rule the admin client
  // checks before sending, what a test may script, the shadow summary both sides read and the
  // hop-by-hop list. A file that only one side uses belongs to that side.
  it("src/contract stays under 1,200 lines outside generated/: shared shapes, not a hub in hiding", () => {
    const lines = sourceFiles(join(SRC, "contract"))
      .map((file) => readFileSync(file, "utf8").split("\n").length)
      .reduce((a, b) => a + b, 0);
    expect(lines).toBeLessThan(1200);
  });
});
