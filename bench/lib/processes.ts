// Child processes for the benchmarks that need a server or a load generator of their own:
// build, start, wait until ready (the servers print their URL once listening), stop.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { build } from "esbuild";

export const REPO_ROOT = new URL("../../", import.meta.url).pathname;
export const BENCH_OUT_DIR = join(REPO_ROOT, ".tmp/bench");

/**
 * Bundles `entry` as tsup builds dist/ (esbuild, ESM, node20, packages external), fresh from
 * src: a figure never comes from a stale dist/ nor pays for tsx's per-function name helpers.
 */
export async function bundleForNode(entry: string, name = basename(entry, ".ts")) {
  const outfile = join(BENCH_OUT_DIR, `${name}.js`);
  const options = { bundle: true, format: "esm", platform: "node", target: "node20" } as const;
  await build({ ...options, entryPoints: [join(REPO_ROOT, entry)], outfile, packages: "external" });
  return outfile;
}

/** The plant-store-mock CLI as tsup builds dist/bin/plant-store-mock.js. */
export const bundleCli = () => bundleForNode("src/server/cli/plant-store-mock.ts");

/** Runs a script (JavaScript, or TypeScript through tsx) in a Node process of its own. */
export function spawnNode(script: string, args: readonly string[] = []): ChildProcess {
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  return spawn(process.execPath, [...loader, script, ...args], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Spawns a server script and waits (up to `timeout` ms) for the URL it prints once listening. */
export async function startServer(script: string, args: readonly string[] = [], timeout = 30_000) {
  const startedAt = performance.now();
  const child = spawnNode(script, args);
  const stdout = child.stdout as Readable;
  const lines = createInterface({ input: stdout });
  // The first line, or none when the child exits or the time is up.
  const nothing = sleep(timeout, { value: undefined }, { ref: false });
  const { value: url } = await Promise.race([lines[Symbol.asyncIterator]().next(), nothing]);
  lines.close();
  stdout.resume(); // drain whatever else it prints
  if (typeof url !== "string") {
    await stop(child);
    throw new Error(`${script} printed no URL within ${timeout} ms`);
  }
  return { child, url, startedAt };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(forced);
}
