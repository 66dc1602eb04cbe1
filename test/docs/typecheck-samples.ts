// Typechecks the TypeScript samples of the docs against the built package, the way a user's
// project sees it: each sample is written as a module under .tmp/ inside this repository, so
// `import ... from "plant-store-sdk"` resolves through package.json "exports" to dist/*.d.ts
// (a package may import itself by name), and msw or vitest from this repository's node_modules;
// the frontend tools (TanStack Query, React, Storybook, Playwright) from test-tools/, through
// tsconfig.json's `paths`. A ```tsx sample is written as a .tsx module.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { repoRoot } from "./markdown-pages.js";

export interface Sample {
  /** The page it comes from, e.g. "docs/sdk.md". */
  page: string;
  /** The fence's language: "tsx" samples may hold JSX. */
  language?: string;
  /** 1-based line of the sample's first line of code in that page. */
  line: number;
  code: string;
}

/** The test tools' modules, as tsconfig.json maps them (scripts/test-tools.ts). */
const { paths } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(repoRoot, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  repoRoot,
).options;

/** What a user's strict TypeScript project on a bundler or Node would check. */
const compilerOptions: ts.CompilerOptions = {
  baseUrl: repoRoot,
  paths,
  jsx: ts.JsxEmit.ReactJSX,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node"],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

/** Returns one "page:line:column: TSnnnn message" per problem; none when every sample compiles. */
export function typecheckSamples(samples: Sample[], directory: string): string[] {
  if (!existsSync(join(repoRoot, "dist", "index.d.ts"))) {
    throw new Error("dist/ is missing: run `npm run build` before the docs samples test.");
  }
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const byFile = new Map<string, Sample>();
  samples.forEach((sample, index) => {
    const file = join(directory, `sample-${index}.${sample.language === "tsx" ? "tsx" : "ts"}`);
    writeFileSync(file, sample.code);
    byFile.set(file, sample);
  });
  const program = ts.createProgram([...byFile.keys()], compilerOptions);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const sample = diagnostic.file ? byFile.get(diagnostic.file.fileName) : undefined;
    if (!diagnostic.file || diagnostic.start === undefined || !sample) {
      return `TS${diagnostic.code}: ${message}`;
    }
    const at = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${sample.page}:${sample.line + at.line}:${at.character + 1}: TS${diagnostic.code} ${message}`;
  });
}
