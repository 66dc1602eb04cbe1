// Our CLI as users run it: bundled the way tsup builds dist/bin/plant-store-mock.js
// (esbuild, ESM, node20, packages left external), fresh from src, so a figure never comes
// from a stale dist/. Then launched as a process of its own and waited for by polling.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { build } from "esbuild";
import { freePort, REPO_ROOT, waitUntilAnswering } from "./processes.js";

export const BENCH_OUT_DIR = join(REPO_ROOT, ".tmp/bench");

export async function bundleForNode(entry: string, name: string): Promise<string> {
  const outfile = join(BENCH_OUT_DIR, `${name}.js`);
  await build({
    entryPoints: [join(REPO_ROOT, entry)],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "error",
  });
  return outfile;
}

export interface LaunchedServer {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawning the process until it answered `GET /plants`. */
  startupMs: number;
}

/** Runs `node script --port <free port> ...args` and waits until it answers HTTP. */
export async function launchOnFreePort(
  script: string,
  args: readonly string[],
  authorization: string,
): Promise<LaunchedServer> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [script, "--port", String(port), ...args], {
    cwd: REPO_ROOT,
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const init = { headers: { authorization } };
  const startupMs = await waitUntilAnswering(`${url}/plants`, init, startedAt);
  return { child, url, startupMs };
}
