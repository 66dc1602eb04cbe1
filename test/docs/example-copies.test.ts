// docs/examples.md shows every example in full (docs/frontend.md the React one it leads with),
// so that a user of the installed package (which does not ship examples/) can copy them. Each
// copy is a fence marked `file=examples/...`; the example itself is compiled and run by its own
// tests (test/examples/examples.test.ts), and this test keeps the copies equal to it, file for
// file (on every page that quotes one).
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
// Other pages quote a few example files too (the recipes of docs/sandboxes.md): kept equal as well.
const allCopies = listWrittenPages().flatMap(copiesIn);
/** The pages that hold whole examples: each example is shown on one of them. */
const EXAMPLE_PAGES = ["docs/examples.md", "docs/frontend.md"];
const shownInFull = EXAMPLE_PAGES.flatMap(copiesIn);

// What an example folder holds besides the code a user copies: its README (the two commands
// and a pointer to the page), the page's stylesheet, and MSW's worker script, which
// `npx msw init` writes.
const notShown = (path: string) =>
  path.endsWith("/README.md") || path.endsWith(".css") || path.endsWith("/mockServiceWorker.js");
/** What installs and runs leave in an example's folder. */
const LEFT_BY_RUNS = new Set(["node_modules", "dist", "storybook-static", "test-results"]);

function exampleFiles(directory = join(repoRoot, "examples")): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => !LEFT_BY_RUNS.has(entry.name))
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return exampleFiles(path);
      return [
        path
          .slice(repoRoot.length + 1)
          .split("\\")
          .join("/"),
      ];
    })
    .filter((path) => path.split("/").length > 2 && !notShown(path))
    .sort();
}

describe("docs/examples.md and docs/frontend.md", () => {
  it("show every file of every example, each once", () => {
    expect(shownInFull.map((copy) => copy.path).sort()).toEqual(exampleFiles());
  });

  it.each(allCopies)("$page shows $path as it is in the repository", ({ path, code }) => {
    expect(code).toBe(readFileSync(join(repoRoot, path), "utf8"));
  });
});
