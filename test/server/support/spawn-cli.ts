// Runs the `plant-store-mock` CLI from source as a child process, for the tests that need
// real signals and real process output (graceful shutdown, secrets in logs, crash safety).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const cliPath = fileURLToPath(
  new URL("../../../src/server/cli/plant-store-mock.ts", import.meta.url),
);

export interface RunningCli {
  readonly child: ChildProcess;
  /** The base URL the server printed once it listened. */
  readonly url: string;
  /** Everything written to stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves with the exit code (or the signal name) once the process ended. */
  exited(timeoutMs?: number): Promise<number | NodeJS.Signals>;
}

export interface CliRun {
  readonly child: ChildProcess;
  output(): { stdout: string; stderr: string };
  exited(timeoutMs?: number): Promise<number | NodeJS.Signals>;
}

/** Starts the CLI without waiting for it to listen (for runs expected to fail at start). */
export function runCli(args: readonly string[], env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, ["--import", "tsx", cliPath, ...args], {
    env: { ...process.env, ...env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exit = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1));
  });
  return {
    child,
    output: () => ({ stdout, stderr }),
    exited: (timeoutMs = 15_000) => withTimeout(exit, timeoutMs, "the CLI to exit", child),
  };
}

/** Starts the CLI on a free loopback port and resolves once it printed its URL. */
export async function startCli(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<RunningCli> {
  const run = runCli(["--host", "127.0.0.1", "--port", "0", ...args], env);
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(run.output().stdout);
      if (match) resolve(match[0]);
    };
    run.child.stdout?.on("data", look);
    run.child.once("exit", (code) => {
      const { stdout, stderr } = run.output();
      reject(new Error(`the CLI exited (${code}) before listening:\n${stdout}\n${stderr}`));
    });
  });
  const url = await withTimeout(listening, 15_000, "the CLI to listen", run.child);
  return { ...run, url };
}

function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  what: string,
  child: ChildProcess,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // A stuck child must not outlive the test run.
      child.kill("SIGKILL");
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
