// `npm ci` at the root installs what building and starting the server need; the tools only
// some checks use (runtimes, Prism, the browser driver, the package and docs checkers) are in
// test-tools/, with a lockfile of their own that .ci/run and `npm test` install.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./packed-project.js";

interface Lockfile {
  packages: Record<
    string,
    {
      version?: string;
      link?: boolean;
      resolved?: string;
      devDependencies?: Record<string, string>;
    }
  >;
}
interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(repoRoot, path), "utf8"));
const rootPackage = readJson<PackageJson>("package.json");
const rootLock = readJson<Lockfile>("package-lock.json");
const toolsPackage = readJson<PackageJson>("test-tools/package.json");
const toolsLock = readJson<Lockfile>("test-tools/package-lock.json");
const tools = Object.keys(toolsPackage.devDependencies ?? {});
// msw is the root's own copy, linked: @msw/playwright and msw-storybook-addon must see the msw
// our handlers were built with (a second copy makes @msw/playwright drop them silently).
const LINKED_TO_ROOT: Record<string, string> = { msw: "file:../node_modules/msw" };

// In both installs, at one version: TypeScript (TypeDoc and attw run it in test-tools/), and
// @tanstack/query-core, whose types the build takes from the root and the frontend tests from
// test-tools/ beside TanStack's React and Vue adapters.
const SAME_IN_BOTH = ["typescript", "@tanstack/query-core"];

/** Every package name a lockfile installs, wherever it is nested. */
const installedNames = (lock: Lockfile) =>
  new Set(Object.keys(lock.packages).map((path) => path.replace(/^.*node_modules\//, "")));

describe("the development install", () => {
  it("leaves the heavy test tools out of the root install, even as dependencies of others", () => {
    const installed = installedNames(rootLock);
    const heavy = [
      "bun",
      "deno",
      "miniflare",
      "workerd",
      "@stoplight/prism-cli",
      "playwright-core",
    ];
    expect(heavy.filter((name) => installed.has(name))).toEqual([]);
    const both = tools.filter((name) => installed.has(name) && !SAME_IN_BOTH.includes(name));
    expect(both).toEqual(Object.keys(LINKED_TO_ROOT));
  });

  it("drops axios, which nothing uses any more", () => {
    expect(installedNames(rootLock).has("axios")).toBe(false);
    expect(tools).not.toContain("axios");
  });

  it("pins every test tool exactly, and its lockfile matches its package.json", () => {
    const ranged = Object.entries(toolsPackage.devDependencies ?? {}).filter(([, version]) =>
      /[\^~<>*x ]/.test(version),
    );
    expect(ranged).toEqual([]);
    expect(toolsLock.packages[""]?.devDependencies).toEqual(toolsPackage.devDependencies);
    for (const tool of tools.filter((name) => !(name in LINKED_TO_ROOT))) {
      const pinned = toolsPackage.devDependencies?.[tool] ?? "";
      // An alias ("node-24": "npm:node@24.21.0") pins the version after its last "@".
      const version = pinned.startsWith("npm:")
        ? pinned.slice(pinned.lastIndexOf("@") + 1)
        : pinned;
      expect(toolsLock.packages[`node_modules/${tool}`]?.version, tool).toBe(version);
    }
  });

  it("links msw to the root's copy, so one msw serves the handlers and the tools", () => {
    for (const [tool, spec] of Object.entries(LINKED_TO_ROOT)) {
      expect(toolsPackage.devDependencies?.[tool]).toBe(spec);
      expect(toolsLock.packages[`node_modules/${tool}`]).toMatchObject({
        link: true,
        resolved: `../node_modules/${tool}`,
      });
    }
  });

  it("pins TypeScript and TanStack's query-core to the same versions in both", () => {
    for (const name of SAME_IN_BOTH) {
      expect(toolsPackage.devDependencies?.[name], name).toBe(rootPackage.devDependencies?.[name]);
    }
  });
});
