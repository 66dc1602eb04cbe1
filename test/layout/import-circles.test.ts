// A module that imports, through any chain, a module that imports it back is loaded
// half-initialised by whichever side runs first, and neither file can be read or moved alone.
// The package keeps src/ free of them; this test names the circle when one comes back.
// Type-only imports count too: they tie the files together just the same for a reader.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve("src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The files of src/ that `file` imports (static, type-only, re-exports and dynamic). */
function relativeImports(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => resolve(dirname(file), name).replace(/\.js$/, ".ts"))
    .map((path) => (known.has(path) ? path : path.replace(/\.ts$/, ".js")))
    .filter((path) => known.has(path));
}

/**
 * Circles of the graph as the chains of files that close them: at least one for every group of
 * files tied in a knot (a depth-first walk finds a back edge in each), which is what a test needs.
 */
function circles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const done = new Set<string>();
  const walk = (file: string, chain: string[]): void => {
    const open = chain.indexOf(file);
    if (open !== -1) {
      const circle = chain.slice(open);
      found.set([...circle].sort().join(" "), [...circle, file]);
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) walk(next, [...chain, file]);
    done.add(file);
  };
  for (const file of graph.keys()) walk(file, []);
  return [...found.values()];
}

describe("src/", () => {
  it("has no import circles", () => {
    const files = sourceFiles(SRC);
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, relativeImports(file, known)]));
    const named = circles(graph).map((circle) =>
      circle.map((file) => relative(SRC, file)).join(" -> "),
    );
    expect(named).toEqual([]);
  });
});
