// README.md is the page a user of the installed package reads first (npm shows it): it stays
// short, its first sample says how to run it, and what only a clone of the repository has
// (running from source, the image script, the whole suite) sits in one section near the end,
// so that nothing above it asks for a repository the user does not have.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readMarkdownPage, repoRoot } from "./markdown-pages.js";

const MAX_LINES = 330;
const REPOSITORY_SECTION = "## In this repository";
/** Commands that need the repository: its scripts and CI entry point. */
const REPOSITORY_ONLY = /\bnpm (ci|start|run [\w:-]+)\b|\bbash \.ci\/run\b/g;

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const lines = readme.split("\n");

/** "line N: command" for each repository-only command above the repository's section. */
function repositoryCommandsAbove(text: string, section: string): string[] {
  const sectionStart = text.split("\n").indexOf(section);
  return text
    .split("\n")
    .flatMap((line, index) =>
      (sectionStart === -1 || index < sectionStart) && !line.startsWith("| [")
        ? [...line.matchAll(REPOSITORY_ONLY)].map((match) => `line ${index + 1}: ${match[0]}`)
        : [],
    );
}

describe("README.md, the front page", () => {
  it(`has at most ${MAX_LINES} lines`, () => {
    expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
  });

  it("says after its first sample how to run it: an ES module, on Node 24 or with tsx", () => {
    const first = readMarkdownPage("README.md").fences.find((fence) => fence.info.startsWith("ts"));
    const after = lines.slice(first?.line ?? 0).join("\n");
    const explanation = after.slice(0, after.indexOf("```sh"));
    for (const words of ["ES module", "node plants.ts", "npx tsx plants.ts", "npm init -y"]) {
      expect(explanation).toContain(words);
    }
  });

  it("keeps the repository's commands in one section, the last but one", () => {
    const headings = lines.filter((line) => line.startsWith("## "));
    expect(headings.at(-2)).toBe(REPOSITORY_SECTION);
    expect(repositoryCommandsAbove(readme, REPOSITORY_SECTION)).toEqual([]);
    const section = readme.slice(readme.indexOf(REPOSITORY_SECTION));
    for (const command of ["npm ci && npm start", "npm run image", "bash .ci/run"]) {
      expect(section).toContain(command);
    }
  });

  it("finds a repository command outside that section (the check can fail)", () => {
    const page = "# x\n\nrun `npm start` or `npm run image`\n\n## In this repository\n\nnpm ci\n";
    expect(repositoryCommandsAbove(page, REPOSITORY_SECTION)).toEqual([
      "line 3: npm start",
      "line 3: npm run image",
    ]);
  });
});
