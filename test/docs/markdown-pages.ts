// Reads README.md and every page under docs/ with markdown-it, the parser behind many
// Markdown renderers, so code fences, links and headings are found the way a renderer finds
// them (a link inside a code span or a fence is not a link).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import GithubSlugger from "github-slugger";
import MarkdownIt, { type Token } from "markdown-it";

export const repoRoot = join(import.meta.dirname, "..", "..");

/** A fenced code block: its info string (```ts runnable gives "ts runnable") and its code. */
export interface Fence {
  info: string;
  code: string;
  /** 1-based line of the first line of code in the page. */
  line: number;
}

export interface Link {
  href: string;
  /** 1-based line of the paragraph, list item or table row holding the link. */
  line: number;
}

export interface MarkdownPage {
  /** Path from the repository root, with forward slashes: "docs/sdk.md". */
  path: string;
  fences: Fence[];
  links: Link[];
  /** Every fragment a link may target: GitHub's heading slugs and explicit HTML ids. */
  anchors: Set<string>;
}

const markdown = new MarkdownIt({ html: true });

/** README.md and every Markdown file under docs/, the generated API reference included. */
export function listMarkdownPages(): string[] {
  const docs = readdirSync(join(repoRoot, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file.split("\\").join("/")}`);
  return ["README.md", ...docs.sort()];
}

/** The pages people write: all but docs/api, whose code blocks are TypeDoc's signatures. */
export function listWrittenPages(): string[] {
  return listMarkdownPages().filter((path) => !path.startsWith("docs/api/"));
}

export function readMarkdownPage(path: string): MarkdownPage {
  return parseMarkdownPage(path, readFileSync(join(repoRoot, path), "utf8"));
}

export function parseMarkdownPage(path: string, source: string): MarkdownPage {
  const tokens = markdown.parse(source, {});
  const slugger = new GithubSlugger();
  const page: MarkdownPage = { path, fences: [], links: [], anchors: new Set() };
  let blockLine = 1;
  tokens.forEach((token, index) => {
    if (token.map) blockLine = token.map[0] + 1;
    if (token.type === "fence") {
      page.fences.push({ info: token.info.trim(), code: token.content, line: blockLine + 1 });
    } else if (token.type === "heading_open") {
      page.anchors.add(slugger.slug(plainText(tokens[index + 1]?.children ?? [])));
    } else if (token.type === "html_block") {
      addHtmlIds(token.content, page.anchors);
    } else if (token.type === "inline") {
      for (const child of token.children ?? []) {
        const target =
          child.type === "link_open"
            ? child.attrGet("href")
            : child.type === "image"
              ? child.attrGet("src")
              : null;
        if (target !== null) page.links.push({ href: String(target), line: blockLine });
        if (child.type === "html_inline") addHtmlIds(child.content, page.anchors);
      }
    }
  });
  return page;
}

/** The text GitHub slugs a heading from: its words and code spans, without the markup. */
function plainText(children: Token[]): string {
  return children
    .filter((child) => child.type === "text" || child.type === "code_inline")
    .map((child) => child.content)
    .join("");
}

function addHtmlIds(html: string, anchors: Set<string>): void {
  for (const match of html.matchAll(/\b(?:id|name)="([^"]+)"/g)) {
    if (match[1]) anchors.add(match[1]);
  }
}

export function displayPath(absolute: string): string {
  return relative(repoRoot, absolute).split("\\").join("/");
}
