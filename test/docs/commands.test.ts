// The shell commands in README.md and docs/ name things that exist: every `npm run <script>`
// is a script of package.json (of the example's own, in a block that starts an example
// project with a bare `npm install`), every `npx <bin>` a bin this package or its dev tools provide
// (or a package an `npm install` earlier in the same block installs, as in a user's project),
// and every path given to `npx vitest run` a test file or folder. (Running them is the job of
// the tests of each feature; this catches a renamed script or a moved test.)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listWrittenPages, readMarkdownPage, repoRoot } from "./markdown-pages.js";

const SHELL = new Set(["sh", "bash", "shell", "console"]);
const packageJson = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  bin: Record<string, string>;
};

interface Command {
  where: string;
  words: string[];
  /** Packages an `npm install` line before this one in the same block installs. */
  installedBefore: string[];
  /** The example whose folder the block runs in (`examples/<name>`), if any. */
  project?: string;
}

/**
 * The example a block's commands run in: a block with a bare `npm install` installs an
 * example's package.json, which the page shows in the next fence copied from an example.
 */
function projectOf(fences: { info: string; code: string }[], index: number): string | undefined {
  const startsProject = (fences[index]?.code ?? "")
    .split("\n")
    .some((line) => /^npm install(\s+#.*)?$/.test(line.trim()));
  if (!startsProject) return undefined;
  const next = fences.slice(index + 1).find((fence) => fence.info.includes("file=examples/"));
  return next?.info.match(/file=(examples\/[^/]+)\//)?.[1];
}

function scriptsOf(project: string | undefined): Record<string, string> {
  if (project === undefined) return packageJson.scripts;
  const manifest = JSON.parse(readFileSync(join(repoRoot, project, "package.json"), "utf8"));
  return (manifest as { scripts?: Record<string, string> }).scripts ?? {};
}

function shellCommands(): Command[] {
  return listWrittenPages().flatMap((page) => {
    const fences = readMarkdownPage(page).fences;
    return fences
      .map((fence, index) => ({ fence, project: projectOf(fences, index) }))
      .filter(({ fence }) => SHELL.has(fence.info.split(/\s+/)[0] ?? ""))
      .flatMap(({ fence, project }) => {
        const installed: string[] = [];
        return fence.code.split("\n").flatMap((text, index) =>
          // One line may chain commands with && or ;; a # starts a comment.
          (text.split(/\s#/)[0] ?? "").split(/&&|;/).map((command) => {
            const words = command.trim().split(/\s+/).filter(Boolean);
            const installedBefore = [...installed];
            if (words[0] === "npm" && (words[1] === "install" || words[1] === "i")) {
              installed.push(...words.slice(2).filter((word) => !word.startsWith("-")));
            }
            return { where: `${page}:${fence.line + index}`, words, installedBefore, project };
          }),
        );
      });
  });
}

function problems(command: Command): string[] {
  const words = command.words.filter((word) => !/^[A-Z_]+=/.test(word)); // FOO=bar npx ...
  const [tool, first, second, ...rest] = words;
  const scripts = scriptsOf(command.project);
  const manifest =
    command.project === undefined ? "package.json" : `${command.project}/package.json`;
  if (tool === "npm" && first === "run" && second && !(second in scripts)) {
    return [`${command.where}: npm run ${second}: no such script in ${manifest}`];
  }
  if (tool === "npm" && (first === "start" || first === "test") && !(first in scripts)) {
    return [`${command.where}: npm ${first}: no such script in ${manifest}`];
  }
  if (tool !== "npx" || !first) return [];
  const isBin =
    first in packageJson.bin ||
    command.installedBefore.includes(first) ||
    existsSync(join(repoRoot, "node_modules", ".bin", first)) ||
    existsSync(join(repoRoot, "test-tools", "node_modules", ".bin", first));
  if (!isBin) return [`${command.where}: npx ${first}: no such bin here or in the dev tools`];
  if (first !== "vitest" || second !== "run") return [];
  return rest
    .filter((word) => !word.startsWith("-"))
    .filter((path) => !existsSync(join(repoRoot, path)))
    .map((path) => `${command.where}: npx vitest run ${path}: no such test file or folder`);
}

describe("shell commands in README.md and docs/", () => {
  const commands = shellCommands();

  it("finds the commands of the quick start", () => {
    const lines = commands.map((command) => command.words.join(" "));
    expect(lines).toEqual(expect.arrayContaining(["npm ci", "npm start", "bash .ci/run"]));
  });

  it("names only scripts, bins and test paths that exist", () => {
    expect(commands.flatMap(problems)).toEqual([]);
  });

  it("reports a missing script, bin and test path", () => {
    const made = (text: string, installedBefore: string[] = [], project?: string): Command => ({
      where: "docs/example.md:3",
      words: text.split(" "),
      installedBefore,
      project,
    });
    expect(
      [
        made("npm run no-such-script"),
        made("npm run storybook", [], "examples/storybook"),
        made("npm run storybook", [], "examples/node"),
        made("npm start", [], "examples/react-query"),
        made("npx no-such-bin"),
        made("npx wrangler deploy", ["plant-store-sdk", "wrangler"]),
        made("npx wrangler deploy", ["plant-store-sdk"]),
        made("npx vitest run test/no-such-folder"),
        made("CONFORMANCE_SEED=1 npx vitest run test/docs"),
      ].flatMap(problems),
    ).toEqual([
      "docs/example.md:3: npm run no-such-script: no such script in package.json",
      "docs/example.md:3: npm run storybook: no such script in examples/node/package.json",
      "docs/example.md:3: npm start: no such script in examples/react-query/package.json",
      "docs/example.md:3: npx no-such-bin: no such bin here or in the dev tools",
      "docs/example.md:3: npx wrangler: no such bin here or in the dev tools",
      "docs/example.md:3: npx vitest run test/no-such-folder: no such test file or folder",
    ]);
  });
});
