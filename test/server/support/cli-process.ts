// Runs the real `plant-store-mock` command. The bin is bundled from the current source
// into .tmp (one folder per test file, so parallel files never share a build) with the
// same tsup settings as the package bin: tests never run a stale dist/.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "tsup";
import { afterAll, afterEach, beforeAll } from "vitest";

export async function buildCli(name: string): Promise<string> {
  const outDir = join(process.cwd(), ".tmp", `server-cli-${name}`, "bin");
  await build({
    entry: { "plant-store-mock": "src/server/cli/plant-store-mock.ts" },
    outDir,
    format: ["esm"],
    platform: "node",
    target: "node20",
    config: false,
    silent: true,
  });
  return join(outDir, "plant-store-mock.js");
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  /** The first banner line, read once the whole banner is out. */
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout has a line matching `pattern` (bounded by the test timeout). */
  waitForLine(pattern: RegExp): Promise<string>;
  exited: Promise<CliRun>;
}

/** Spawns the bin with a clean token environment and collects its output until it exits. */
function spawnCli(bin: string, args: readonly string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, PLANT_STORE_TOKENS: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output.stderr += chunk;
  });
  const exited = new Promise<CliRun>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, ...output }));
  });
  return { child, output, exited };
}

export function startCli(
  bin: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<RunningCli> {
  const { child, output, exited } = spawnCli(bin, args, env);
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  // Registered after spawnCli's listener, so `output.stdout` already holds the chunk.
  child.stdout.on("data", () => {
    for (const waiter of [...waiters]) {
      const line = output.stdout.split("\n").find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const waitForLine = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      waiters.push({ pattern, resolve });
      child.stdout.emit("data", "");
    });
  return Promise.race([
    waitForLine(/^Press Ctrl\+C to stop\.$/).then(() => ({
      child,
      url: output.stdout.slice(0, output.stdout.indexOf("\n")),
      stdout: () => output.stdout,
      stderr: () => output.stderr,
      waitForLine,
      exited,
    })),
    exited.then((run) => {
      throw new Error(`plant-store-mock exited early (${run.code}): ${run.stderr}`);
    }),
  ]);
}

/** Runs a command that is expected to end by itself (help, version, start errors). */
export function runCli(
  bin: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  return spawnCli(bin, args, env).exited;
}

export interface CliFixture {
  /** Starts the bin; whatever it started is killed after each test. */
  start(args: readonly string[], env?: Record<string, string>): Promise<RunningCli>;
  /** Runs the bin to its end (help, version, start errors). */
  run(args: readonly string[], env?: Record<string, string>): Promise<CliRun>;
  /** A path in the file's scratch directory, removed after the file. */
  scratchPath(name: string): string;
}

/**
 * The setup every test file that runs `plant-store-mock` needs: the bin built once per file,
 * a scratch directory, and no process left running after a test, whatever it asserted.
 */
export function useCliFixture(name: string): CliFixture {
  let bin = "";
  let directory = "";
  const running: RunningCli[] = [];
  beforeAll(async () => {
    [bin, directory] = await Promise.all([
      buildCli(name),
      mkdtemp(join(tmpdir(), `plant-store-${name}-`)),
    ]);
  }, 60_000);
  afterEach(async () => {
    for (const cli of running.splice(0)) {
      cli.child.kill("SIGKILL");
      await cli.exited;
    }
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  return {
    async start(args, env) {
      const cli = await startCli(bin, args, env);
      running.push(cli);
      return cli;
    },
    run: (args, env) => runCli(bin, args, env),
    scratchPath: (file) => join(directory, file),
  };
}
