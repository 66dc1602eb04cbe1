// The TypeScript samples in README.md and docs/ compile against the built package. A sample
// is a fence marked ```ts runnable (a whole module: its imports and every name it uses) or
// ```ts fragment (shown, not compiled: lines leaning on the sample before them, or code for
// another runtime's globals such as Bun or Deno). A fence marked ```ts file=examples/... is a
// copy of an example file, compiled and run by that example's tests (example-copies.test.ts).
// A TypeScript fence with neither mark fails, so no sample goes unchecked by oversight.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listWrittenPages, readMarkdownPage, repoRoot } from "./markdown-pages.js";
import { type Sample, typecheckSamples } from "./typecheck-samples.js";

const TYPESCRIPT = new Set(["ts", "typescript", "tsx", "mts"]);
const MARKS = new Set(["runnable", "fragment"]);
const isMark = (mark: string) => MARKS.has(mark) || mark.startsWith("file=examples/");
const workDirectory = join(repoRoot, ".tmp", "docs-samples");

const fences = listWrittenPages().flatMap((page) =>
  readMarkdownPage(page).fences.map((fence) => {
    const [language = "", ...marks] = fence.info.split(/\s+/);
    return { page, line: fence.line, code: fence.code, language, marks };
  }),
);
const typescriptFences = fences.filter((fence) => TYPESCRIPT.has(fence.language));
const runnable: Sample[] = typescriptFences.filter((fence) => fence.marks.includes("runnable"));

describe("TypeScript samples in README.md and docs/", () => {
  it("marks every TypeScript fence as runnable or fragment", () => {
    const unmarked = typescriptFences
      .filter((fence) => fence.marks.length !== 1 || !isMark(fence.marks[0] ?? ""))
      .map(
        (fence) =>
          `${fence.page}:${fence.line - 1}: \`\`\`${fence.language} ${fence.marks.join(" ")}`,
      );
    expect(unmarked, "write ```ts runnable, ```ts fragment or ```ts file=<example>").toEqual([]);
  });

  it("has runnable samples for the SDK, the MSW handlers and the server", () => {
    const imports = runnable.map((sample) => sample.code).join("\n");
    expect(runnable.length).toBeGreaterThanOrEqual(8);
    for (const entry of [
      '"plant-store-sdk"',
      '"plant-store-sdk/mock"',
      '"plant-store-sdk/server"',
    ]) {
      expect(imports).toContain(`from ${entry}`);
    }
  });

  it("typechecks every runnable sample against dist", () => {
    expect(typecheckSamples(runnable, join(workDirectory, "pages"))).toEqual([]);
  }, 60_000);

  it("reports a sample that does not compile, with its page and line", () => {
    const broken: Sample = {
      page: "docs/example.md",
      line: 10,
      code: 'import { createPlantStoreClient } from "plant-store-sdk";\n\ncreatePlantStoreClient({ baseUrl: 1 });\n',
    };
    const problems = typecheckSamples([broken], join(workDirectory, "negative-control"));
    expect(problems).toEqual([
      "docs/example.md:12:26: TS2322 Type 'number' is not assignable to type 'string'.",
    ]);
  }, 60_000);
});
