// Child processes for the benchmarks that need a server or a load generator of their own:
// start, wait until ready (by polling, never by sleeping a guessed time), stop.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export const REPO_ROOT = new URL("../../", import.meta.url).pathname;
const TSX_LOADER = ["--import", "tsx"];

/** Runs a TypeScript file in its own Node process (through tsx). */
export function spawnTypeScript(file: string, args: readonly string[] = []): ChildProcess {
  return spawn(process.execPath, [...TSX_LOADER, file, ...args], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Resolves with the first stdout line of a child, e.g. the URL a server prints when ready. */
export async function firstLine(child: ChildProcess, timeoutMs = 30_000): Promise<string> {
  const stdout = child.stdout;
  if (!stdout) throw new Error("child has no stdout pipe");
  let buffered = "";
  const line = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf("\n");
      if (end >= 0) {
        stdout.off("data", onData);
        resolve(buffered.slice(0, end).trim());
      }
    };
    stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`child exited (${code}) before printing`)));
  });
  return Promise.race([
    line,
    sleep(timeoutMs).then(() => Promise.reject(new Error("child printed nothing in time"))),
  ]);
}

/** Collects a child's whole stdout and resolves when it exits with 0. */
export async function allOutput(child: ChildProcess): Promise<string> {
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`child exited with ${code}`);
  return text;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(forced);
}

/** A port that was free a moment ago, for tools that cannot listen on port 0 and report it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Polls `url` until any HTTP answer arrives; returns the milliseconds since `startedAt`. */
export async function waitUntilAnswering(
  url: string,
  init: RequestInit,
  startedAt: number,
  timeoutMs = 30_000,
): Promise<number> {
  while (performance.now() - startedAt < timeoutMs) {
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      return performance.now() - startedAt;
    } catch {
      await sleep(5);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
