// Takes an example the way a user does: its folder copied out of the repository, `npm install`
// there, then its own scripts. Only one thing differs from a user's copy: the package comes
// from the packed tarball of this build instead of the registry.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../package/packed-project.js";

export const examplesDir = join(repoRoot, "examples");

/** What an install or a run leaves in an example's folder, never copied. */
const LEFT_BY_RUNS = new Set(["node_modules", "dist", "storybook-static", "test-results"]);

/**
 * Copies examples/<name> into a new folder under the OS's temp folder, its plant-store-sdk
 * dependency pointed at `tarball`; returns the copy.
 */
export function copyExample(name: string, tarball: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), "plant-store-example-")), name);
  cpSync(join(examplesDir, name), copy, {
    recursive: true,
    filter: (source) => !LEFT_BY_RUNS.has(source.split(/[\\/]/).at(-1) ?? ""),
  });
  // The one change to the copy: plant-store-sdk is not on the registry yet, and the point is to
  // try this build of it.
  const manifestPath = join(copy, "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    dependencies: Record<string, string>;
  };
  manifest.dependencies["plant-store-sdk"] = `file:${tarball}`;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return copy;
}

export interface ScriptRun {
  code: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
  seconds: number;
}

/**
 * Runs `npm <args>` in `cwd` with the environment a user's shell would have: none of the
 * variables npm sets for this repository's own scripts, colours off, Chromium from
 * CHROMIUM_PATH.
 */
export async function npm(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  const child = spawn("npm", args, {
    cwd,
    env: { ...userEnvironment(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
  }
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output, seconds: (performance.now() - started) / 1000 } satisfies ScriptRun;
}

function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_(package|lifecycle)_|^npm_config_(local_)?prefix$|^INIT_CWD$/.test(key)) {
      env[key] = value;
    }
  }
  return {
    ...env,
    NO_COLOR: "1",
    CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  };
}

/** A TCP port nobody listens on now, for an example's dev server. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * How many tests the runner's closing lines say passed: Vitest's "Tests  5 passed (5)",
 * Playwright's "  4 passed (3.1s)", node --test's "# pass 2" (TAP) or "ℹ pass 2" (spec).
 */
export function passedCount(output: string): number | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes, should a runner add them.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const patterns = [/^\s*Tests\s+(\d+) passed/m, /^\s+(\d+) passed \(/m, /^[#ℹ] pass (\d+)$/m];
  for (const pattern of patterns) {
    const match = plain.match(pattern);
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return undefined;
}
