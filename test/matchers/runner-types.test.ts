// Each runner's entry gives `expect(plantStore)` the matchers' types, alone: a Vitest user's,
// a Jest user's and a Bun user's file (test/matchers/types/) are typechecked in separate programs
// against dist/, as a user's project sees the package, and no program loads another
// runner's types. Each file's @ts-expect-error lines prove a wrong operation or body refused.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { testToolsRoot } from "../../scripts/test-tools.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
// Inside the repository, so that "plant-store-sdk/..." resolves to dist/ by the package's name.
const directory = join(repoRoot, ".tmp/matchers-types");
const jestTypes = join(testToolsRoot, "node_modules");
// Bun's types are @types/bun, which a Bun project lists in its tsconfig's "types".
const bunTypeRoots = [join(testToolsRoot, "node_modules/@types")];

function typecheck(
  file: string,
  paths: ts.MapLike<string[]> = {},
  types = ["node"],
  typeRoots?: string[],
) {
  if (!existsSync(join(repoRoot, "dist/matchers/index.d.ts"))) {
    throw new Error("dist/ is missing: run `npm run build` first.");
  }
  mkdirSync(directory, { recursive: true });
  const copy = join(directory, file);
  copyFileSync(join(repoRoot, "test/matchers/types", file), copy);
  const program = ts.createProgram([copy], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types,
    ...(typeRoots && { typeRoots }),
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    paths,
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  const loaded = program.getSourceFiles().map((source) => source.fileName);
  return { problems, loaded };
}

describe("the runner entries' types", () => {
  it("plant-store-sdk/matchers/vitest types Vitest's expect, without Jest's types", () => {
    const { problems, loaded } = typecheck("vitest-consumer.ts");
    expect(problems).toEqual([]);
    expect(loaded.filter((file) => /\/node_modules\/(expect|@jest)\//.test(file))).toEqual([]);
  }, 30_000);

  it("plant-store-sdk/matchers/jest types the expect of @jest/globals, without Vitest's types", () => {
    const { problems, loaded } = typecheck("jest-consumer.ts", {
      "@jest/globals": [join(jestTypes, "@jest/globals")],
      expect: [join(jestTypes, "expect")],
    });
    expect(problems).toEqual([]);
    expect(loaded.filter((file) => /\/node_modules\/(vitest|@vitest)\//.test(file))).toEqual([]);
  }, 30_000);

  it("plant-store-sdk/matchers/bun types the expect of bun:test, without Vitest's or Jest's types", () => {
    if (!existsSync(join(testToolsRoot, "node_modules/@types/bun"))) {
      throw new Error(
        "@types/bun is not installed: run `npm run test-tools` (installs test-tools/)",
      );
    }
    const { problems, loaded } = typecheck("bun-consumer.ts", {}, ["bun"], bunTypeRoots);
    expect(problems).toEqual([]);
    expect(loaded.some((file) => file.includes("/node_modules/bun-types/"))).toBe(true);
    expect(
      loaded.filter((file) => /\/node_modules\/(vitest|@vitest|expect|@jest)\//.test(file)),
    ).toEqual([]);
  }, 30_000);
});
