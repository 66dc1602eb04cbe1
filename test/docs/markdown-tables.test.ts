// Every Markdown table in README.md and docs/ has as many cells in each row as its header, so a
// row pasted from another table (a stale copy of another table's rows) cannot hide in one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listWrittenPages, repoRoot } from "./markdown-pages.js";

/** The cells of a table row; `|` inside inline code does not split a cell. */
function cells(row: string): number {
  const withoutCode = row.replace(/`[^`]*`/g, "code").replace(/\\\|/g, "pipe");
  return withoutCode
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|").length;
}

describe("Markdown tables", () => {
  it.each(listWrittenPages())("%s: every row has the header's cells", (page) => {
    const lines = readFileSync(join(repoRoot, page), "utf8").split("\n");
    const wrong: string[] = [];
    let inFence = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line.startsWith("```")) inFence = !inFence;
      // The separator row under a table's header: | --- | :---: |
      if (inFence || !/^\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(line)) continue;
      const width = cells(lines[i - 1] as string);
      for (let j = i + 1; j < lines.length && (lines[j] as string).startsWith("|"); j++) {
        if (cells(lines[j] as string) !== width) wrong.push(`line ${j + 1}: ${lines[j]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
