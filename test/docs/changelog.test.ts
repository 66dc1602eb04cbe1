// CHANGELOG.md is for users (Keep a Changelog): one entry per version, each kind of change
// under one heading, short enough to read; the reasoning lives in docs/ and commit messages.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./markdown-pages.js";

const KINDS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];
const lines = readFileSync(join(repoRoot, "CHANGELOG.md"), "utf8").split("\n");

/** The `### ` headings under each `## ` version heading. */
function headingsByVersion(): Map<string, string[]> {
  const versions = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.startsWith("## ")) {
      current = [];
      versions.set(line.slice(3), current);
    } else if (line.startsWith("### ")) {
      current?.push(line.slice(4));
    }
  }
  return versions;
}

describe("CHANGELOG.md", () => {
  it("has one entry per version, 1.0.0 among them", () => {
    const versions = [...headingsByVersion().keys()];
    expect(versions.filter((version) => version.startsWith("[1.0.0]"))).toHaveLength(1);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it("uses Keep a Changelog's headings, each once per version", () => {
    for (const [version, headings] of headingsByVersion()) {
      expect(
        headings.filter((heading) => !KINDS.includes(heading)),
        version,
      ).toEqual([]);
      expect(new Set(headings).size, version).toBe(headings.length);
    }
  });

  // 100 until the TanStack Query entry and the frontend examples added their four lines; 125
  // since the container image and the reshaping before release, whose renames and changed
  // behaviour users must find here (Changed, Deprecated).
  it("stays short: at most 125 lines", () => {
    expect(lines.length).toBeLessThanOrEqual(125);
  });
});
