// The layout's promises, held by the code itself: folders small enough to read, the shared
// layer never importing a layer above it, every public error class where a reader looks for it,
// and each shared rule's messages written in one file.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = "src";

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The folders under (and including) `folder`, with how many files each holds directly. */
function folderSizes(folder: string): [string, number][] {
  const entries = readdirSync(folder, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).length;
  const below = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => folderSizes(join(folder, entry.name)));
  return [[folder, files], ...below];
}

/** Relative imports of `file`, resolved to paths under src. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)].map((match) =>
    relative(".", join(file, "..", match[1] as string)),
  );
}

describe("src/mock", () => {
  // A feature folder holds one small file a concern (scenarios: one a kind, its checks, its
  // types, its step), so it may hold a few more than the others.
  it("holds at most 10 files directly, and so does every folder under it (14 for a feature's)", () => {
    const limit = (folder: string) =>
      /\/(scenarios|journal|sandboxes|admin-api)$/.test(folder) ? 14 : 10;
    const crowded = folderSizes(join(SRC, "mock")).filter(
      ([folder, files]) => files > limit(folder),
    );
    expect(crowded).toEqual([]);
  });
});

describe("the layers", () => {
  it.each([
    ["src/contract", ["src/client", "src/mock", "src/server", "src/msw", "src/admin"]],
    ["src/mock", ["src/server", "src/msw", "src/client", "src/command-line", "src/shadow"]],
    ["src/client", ["src/mock", "src/server", "src/msw", "src/admin"]],
  ])("nothing in %s imports from %j", (folder, above) => {
    const crossing = sourceFiles(folder).flatMap((file) =>
      importsOf(file)
        .filter((target) => above.some((layer) => target.startsWith(`${layer}/`)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossing).toEqual([]);
  });
});

describe("public error classes", () => {
  it("each live in an errors/ folder of their entry, in a file named after the class", () => {
    const exported = readdirSync(SRC)
      .map((entry) => join(SRC, entry, "index.ts"))
      .filter((index) => statSync(index, { throwIfNoEntry: false })?.isFile())
      .flatMap((index) => [...readFileSync(index, "utf8").matchAll(/\b(PlantStore\w*Error)\b/g)])
      .map((match) => match[1] as string);
    const homes = new Map<string, string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, "utf8").matchAll(/export class (\w+) extends/g)) {
        homes.set(match[1] as string, file);
      }
    }
    // A type alias of errors (PlantStoreQueryError) is no class of its own.
    const classes = [...new Set(exported)].filter((name) => homes.has(name));
    const misplaced = classes
      .map((name) => [name, homes.get(name)] as const)
      .filter(([name, file]) => !file?.endsWith(`/errors/${name}.ts`));
    expect(classes).toHaveLength(7);
    expect(misplaced).toEqual([]);
  });
});

describe("each shared rule's messages", () => {
  it.each([
    "name is required.",
    "name must not be empty.",
    "name must be a string.",
    '"name" must be ',
    '"tag" must be a string',
    "baseUrl must be an absolute http(s) URL",
    // The limit rule as written in its source (a template), and as a message shows it.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text is what is looked for
    "an integer from 0 to ${LIMIT_MAX}",
    "must be an integer from 0 to 2147483647",
  ])("%j is written in one file", (message) => {
    const homes = sourceFiles(SRC).filter((file) => readFileSync(file, "utf8").includes(message));
    expect(homes.length, homes.join(", ")).toBeLessThanOrEqual(1);
  });
});
