// Every relative link in README.md and docs/ must lead somewhere: a file or folder of this
// repository and, when it names a #fragment, a heading (GitHub's slug) or an HTML id in that
// page. Web addresses are left alone: the test suite runs without the network.
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  displayPath,
  listMarkdownPages,
  type MarkdownPage,
  parseMarkdownPage,
  readMarkdownPage,
  repoRoot,
} from "./markdown-pages.js";

const pages = new Map(listMarkdownPages().map((path) => [path, readMarkdownPage(path)]));

function brokenLinks(page: MarkdownPage, lookup: (path: string) => MarkdownPage | undefined) {
  const broken: string[] = [];
  for (const { href, line } of page.links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) continue; // https:, mailto:
    const [pathPart = "", fragment] = href.split("#", 2);
    const where = `${page.path}:${line}: ${href}`;
    let targetPage: MarkdownPage | undefined = page;
    if (pathPart !== "") {
      const target = join(repoRoot, dirname(page.path), decodeURI(pathPart));
      if (!existsSync(target)) {
        broken.push(`${where}: ${displayPath(target)} does not exist`);
        continue;
      }
      // Fragments are checked in Markdown pages only (not #L12 line links into source).
      const isPage = statSync(target).isFile() && target.endsWith(".md");
      targetPage = isPage ? lookup(displayPath(target)) : undefined;
    }
    if (
      fragment !== undefined &&
      targetPage &&
      !targetPage.anchors.has(decodeURIComponent(fragment))
    ) {
      broken.push(`${where}: no heading or id "${fragment}" in ${targetPage.path}`);
    }
  }
  return broken;
}

const lookupPage = (path: string) => pages.get(path) ?? readMarkdownPage(path);

describe("links in README.md and docs/", () => {
  it("finds the pages the README links to", () => {
    expect([...pages.keys()]).toEqual(
      expect.arrayContaining(["README.md", "docs/sdk.md", "docs/contributing.md"]),
    );
  });

  it.each([...pages.keys()])("every relative link in %s resolves", (path) => {
    const page = pages.get(path);
    expect(page).toBeDefined();
    if (page) expect(brokenLinks(page, lookupPage)).toEqual([]);
  });

  it("reports a missing file and a missing heading, with the page and line", () => {
    const page = parseMarkdownPage(
      "docs/example.md",
      "# Example\n\nSee [the SDK](sdk.md#no-such-heading), [gone](gone.md), [here](#example), [nowhere](#nowhere).\n",
    );
    expect(brokenLinks(page, lookupPage)).toEqual([
      'docs/example.md:3: sdk.md#no-such-heading: no heading or id "no-such-heading" in docs/sdk.md',
      "docs/example.md:3: gone.md: docs/gone.md does not exist",
      'docs/example.md:3: #nowhere: no heading or id "nowhere" in docs/example.md',
    ]);
  });

  it("slugs headings as GitHub does, code spans and numbering included", () => {
    const page = parseMarkdownPage(
      "docs/example.md",
      '# A\n\n## `client.raw`\n\n### 1. Server throughput\n\n## A\n\n<a id="custom"></a>\n',
    );
    expect([...page.anchors]).toEqual(["a", "clientraw", "1-server-throughput", "a-1", "custom"]);
  });
});
