// The README and docs pages are read from node_modules and on the registry's page as well as in
// the repository: every relative link in the Markdown files the package ships must lead to a
// file the tarball holds (links.test.ts checks the #fragments). The file list is npm's own,
// from `npm pack --dry-run`, so it follows package.json "files" exactly.
import { execFileSync } from "node:child_process";
import { dirname, posix } from "node:path";
import { describe, expect, it } from "vitest";
import { HELP_TEXT } from "../../src/server/cli/cli-output.js";
import {
  type MarkdownPage,
  parseMarkdownPage,
  readMarkdownPage,
  repoRoot,
} from "./markdown-pages.js";

function packedFiles(): string[] {
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: repoRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [pack] = JSON.parse(output) as { files: { path: string }[] }[];
  return (pack?.files ?? []).map((file) => file.path);
}

/** Relative links of `page` whose target (file, or folder holding files) is not in `files`. */
function linksLeavingThePackage(page: MarkdownPage, files: readonly string[]): string[] {
  return page.links.flatMap(({ href, line }) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//") || href.startsWith("#")) {
      return [];
    }
    const target = posix.normalize(
      posix.join(dirname(page.path), decodeURI(href.split("#")[0] ?? "")),
    );
    const shipped = files.some(
      (file) => file === target || file.startsWith(`${target.replace(/\/$/, "")}/`),
    );
    return shipped ? [] : [`${page.path}:${line}: ${href}: ${target} is not in the package`];
  });
}

describe("links in the packed README and docs", () => {
  const files = packedFiles();
  const pages = files.filter((file) => file.endsWith(".md"));

  it("ships the README, the CHANGELOG and the user guides, not the generated docs/api", () => {
    expect(pages).toEqual(
      expect.arrayContaining(["README.md", "CHANGELOG.md", "docs/sdk.md", "docs/examples.md"]),
    );
    expect(
      files.filter((file) => file.startsWith("docs/api/") || file.startsWith("examples/")),
    ).toEqual([]);
  });

  it.each(pages)("every relative link in %s leads to a file in the package", (path) => {
    expect(linksLeavingThePackage(readMarkdownPage(path), files)).toEqual([]);
  });

  it("ships the pages plant-store-mock --help points at", () => {
    const named = HELP_TEXT.match(/docs\/[\w-]+\.md/g) ?? [];
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((path) => !files.includes(path))).toEqual([]);
  });

  it("reports a link to a file the package does not ship, with its page and line", () => {
    const page = parseMarkdownPage(
      "docs/example.md",
      "# Example\n\n[ok](sdk.md#options) [spec](../openapi.yaml) [gone](../examples/node) [api](api/README.md)\n",
    );
    expect(linksLeavingThePackage(page, ["docs/sdk.md", "openapi.yaml"])).toEqual([
      "docs/example.md:3: ../examples/node: examples/node is not in the package",
      "docs/example.md:3: api/README.md: docs/api/README.md is not in the package",
    ]);
  });
});
