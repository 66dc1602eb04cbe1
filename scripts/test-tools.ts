// The tools only the runtime, browser, conformance, package, docs, matchers and benchmark
// checks use (Bun, Deno, miniflare, Prism, playwright-core, attw, publint, Redocly, TypeDoc,
// autocannon, WireMock, json-server, Jest) live in test-tools/, a package folder with its own
// lockfile, so that `npm ci` at the root installs only what building and starting the server
// need. This file is the one place that knows where those tools are: their binaries are
// resolved here; the few modules tests import (miniflare, playwright-core, autocannon, and
// Jest's types) are mapped by `paths` in tsconfig.json, which tsc, tsx and vitest all read.
// Install it after the root: its msw is a link to the root's copy, so the tools that take our
// MSW handlers (@msw/playwright, msw-storybook-addon) share the one msw the handlers were made
// with.
//
//   tsx scripts/test-tools.ts install          npm ci in test-tools/, unless already current
//   tsx scripts/test-tools.ts <bin> [args...]  run one of its binaries (as the npm scripts do)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const testToolsRoot = fileURLToPath(new URL("../test-tools/", import.meta.url));

const lockfile = join(testToolsRoot, "package-lock.json");
// Written after a successful install, inside node_modules so that `npm ci` removes it.
const installedStamp = join(testToolsRoot, "node_modules", ".installed-lockfile-hash");

function lockfileHash(): string {
  return createHash("sha256").update(readFileSync(lockfile)).digest("hex");
}

function isCurrent(): boolean {
  return existsSync(installedStamp) && readFileSync(installedStamp, "utf8") === lockfileHash();
}

/**
 * Installs test-tools/ exactly as its lockfile says, unless that install is already there (a
 * fresh `npm ci` would first delete several hundred megabytes). Which install scripts run is
 * test-tools/package.json's `allowScripts` (npm's own list: a runtime's binary, a native addon
 * allowed; Pact's patch-package and telemetry denied); `--strict-allow-scripts` refuses the
 * install when a new tool brings a script that list does not name yet.
 */
export function installTestTools(): void {
  if (isCurrent()) return;
  // Run inside test-tools/: the `file:` entry of `allowScripts` (the linked msw) is read
  // relative to where npm starts.
  const run = spawnSync("npm", ["ci", "--strict-allow-scripts", "--no-audit", "--no-fund"], {
    cwd: testToolsRoot,
    stdio: "inherit",
  });
  if (run.status !== 0) throw new Error(`npm ci in ${testToolsRoot} failed`);
  writeFileSync(installedStamp, lockfileHash());
}

/** The path of a binary of test-tools/ (`bun`, `deno`, `prism`, `typedoc`, ...). */
export function testToolBin(name: string): string {
  const bin = join(testToolsRoot, "node_modules", ".bin", name);
  if (!existsSync(bin)) {
    throw new Error(`${name} is not installed: run \`npm run test-tools\` (installs test-tools/)`);
  }
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (command === undefined) {
    console.error("usage: tsx scripts/test-tools.ts install | <bin> [args...]");
    process.exit(2);
  }
  if (command === "install") {
    installTestTools();
  } else {
    const run = spawnSync(testToolBin(command), args, { stdio: "inherit" });
    process.exit(run.status ?? 1);
  }
}
