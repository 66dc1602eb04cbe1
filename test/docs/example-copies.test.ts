// docs/examples.md shows every example in full, so that a user of the installed package (which
// does not ship examples/) can copy them. Each copy is a fence marked `file=examples/...`; the
// example itself is compiled and run by its own tests, and this test keeps the copies equal to
// it, file for file (on every page that quotes one).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listWrittenPages, readMarkdownPage, repoRoot } from "./markdown-pages.js";

function copiesIn(page: string) {
  return readMarkdownPage(page).fences.flatMap((fence) => {
    const mark = fence.info.split(/\s+/).find((word) => word.startsWith("file="));
    return mark ? [{ page, path: mark.slice("file=".length), code: fence.code }] : [];
  });
}
const copies = copiesIn("docs/examples.md");
// Other pages quote a few example files too (the recipes of docs/sandboxes.md): kept equal as well.
const allCopies = listWrittenPages().flatMap(copiesIn);

// What an example folder holds besides the code a user copies: its pointer to this page, the
// page's stylesheet, and the browser example's build output.
const notShown = (path: string) =>
  path.endsWith("/README.md") || path.endsWith(".css") || path.startsWith("examples/browser/dist/");

function exampleFiles(): string[] {
  return readdirSync(join(repoRoot, "examples"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.parentPath !== join(repoRoot, "examples"))
    .map((entry) => join(entry.parentPath, entry.name).slice(repoRoot.length + 1))
    .map((path) => path.split("\\").join("/"))
    .filter((path) => !notShown(path))
    .sort();
}

describe("docs/examples.md", () => {
  it("shows every file of every example", () => {
    expect(copies.map((copy) => copy.path).sort()).toEqual(exampleFiles());
  });

  it.each(allCopies)("$page shows $path as it is in the repository", ({ path, code }) => {
    expect(code).toBe(readFileSync(join(repoRoot, path), "utf8"));
  });
});
