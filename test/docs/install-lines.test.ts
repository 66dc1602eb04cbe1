// The pages are read by people who installed the package, outside this repository: a sample
// they copy must install with the page's own instructions. So every package a page's samples
// import (```ts runnable and the copies of example files) is named by an `npm install` line on
// that page or by an example's package.json the page shows; and no page but the contributor's
// guide puts this repository's `test-tools/` folder in a code block.
import { describe, expect, it } from "vitest";
import { listWrittenPages, readMarkdownPage } from "./markdown-pages.js";

const SHELL = new Set(["sh", "bash", "shell"]);
const CODE = new Set(["ts", "tsx", "js", "mts"]);

/** The package an import specifier names: "@scope/name" or "name", or none for a path. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.includes(":")) {
    return undefined;
  }
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function importedBy(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gms),
    ...code.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
  ].map((match) => match[1] ?? "");
  return specifiers.flatMap((specifier) => packageOf(specifier) ?? []);
}

/** What `npm install a b@1 -D c` names: a, b, c. */
function installedBy(code: string): string[] {
  return code.split("\n").flatMap((line) => {
    const words = (line.split(/\s#/)[0] ?? "").trim().split(/\s+/);
    if (words[0] !== "npm" || (words[1] !== "install" && words[1] !== "i")) return [];
    return words
      .slice(2)
      .filter((word) => !word.startsWith("-"))
      .map((word) => word.replace(/(?<=.)@[^/]*$/, ""));
  });
}

function missingInstalls(page: string): string[] {
  const { fences } = readMarkdownPage(page);
  const installed = new Set<string>();
  const imported = new Map<string, number>();
  for (const fence of fences) {
    const [language = "", ...marks] = fence.info.split(/\s+/);
    const copied = marks.find((mark) => mark.startsWith("file=examples/"));
    if (SHELL.has(language)) for (const name of installedBy(fence.code)) installed.add(name);
    if (copied?.endsWith("/package.json")) {
      const manifest = JSON.parse(fence.code) as Record<string, Record<string, string> | undefined>;
      for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
        installed.add(name);
      }
    }
    if (CODE.has(language) && (marks.includes("runnable") || copied)) {
      for (const name of importedBy(fence.code)) {
        if (!imported.has(name)) imported.set(name, fence.line);
      }
    }
  }
  return [...imported]
    .filter(([name]) => !installed.has(name))
    .map(([name, line]) => `${page}:${line}: imports ${name}, which no install line names`);
}

describe("the install lines of README.md and docs/", () => {
  it("name every package the page's samples import", () => {
    expect(listWrittenPages().flatMap(missingInstalls)).toEqual([]);
  });

  it("read an import and an install line as a user's shell and bundler do", () => {
    expect(
      importedBy(
        'import { a } from "@tanstack/react-query";\nimport type { B } from "msw/node";\nimport "./style.css";\nimport { c } from "node:fs";\n',
      ),
    ).toEqual(["@tanstack/react-query", "msw"]);
    expect(
      installedBy(
        "npm install plant-store-sdk msw@2   # msw: optional\nnpm i -D @msw/playwright@0.6.7\n",
      ),
    ).toEqual(["plant-store-sdk", "msw", "@msw/playwright"]);
  });
});

describe("code blocks of the pages a user reads", () => {
  it("never name this repository's test-tools/ (docs/contributing.md aside)", () => {
    const named = listWrittenPages()
      .filter((page) => page !== "docs/contributing.md")
      .flatMap((page) =>
        readMarkdownPage(page)
          .fences.filter((fence) => fence.code.includes("test-tools"))
          .map((fence) => `${page}:${fence.line}`),
      );
    expect(named).toEqual([]);
  });
});
