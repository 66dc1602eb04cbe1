import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { testToolBin } from "../../../scripts/test-tools.js";
import { findFreePort } from "./free-port.js";
import { killGroupWithThisProcess, killProcessGroup } from "./process-group-cleanup.js";
import { waitForPrism } from "./wait-for-prism.js";

export interface PrismProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Prism's pid, which is also its process group id. */
  pid: number;
  /** Stops Prism and everything it started (the whole process group). */
  close(): Promise<void>;
}

const host = "127.0.0.1";
const bindAttempts = 5;
const startTimeoutMs = 30_000;
const specPath = fileURLToPath(new URL("../../../openapi.yaml", import.meta.url));

/**
 * `prism proxy openapi.yaml <upstream>` as a validating proxy. `--errors` turns a response that
 * breaks the spec into Prism's 500 VIOLATIONS answer; `--validate-request false` forwards bad
 * requests so our own 4xx answers are validated too; `--cors false` keeps Prism from answering
 * preflights and overwriting our server's CORS headers with its own.
 */
export function startPrismProxy(upstreamUrl: string): Promise<PrismProcess> {
  return startPrism([
    "proxy",
    specPath,
    upstreamUrl,
    "--errors",
    "--validate-request",
    "false",
    "--cors",
    "false",
  ]);
}

/** `prism mock openapi.yaml` in static mode: answers from the spec alone. */
export function startPrismMock(): Promise<PrismProcess> {
  return startPrism(["mock", specPath]);
}

async function startPrism(args: readonly string[]): Promise<PrismProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort(host);
    try {
      return await startOnPort(args, port);
    } catch (error) {
      // The probed port can be taken before Prism binds it; only that failure is retried.
      if (attempt >= bindAttempts || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

async function startOnPort(args: readonly string[], port: number): Promise<PrismProcess> {
  const child = spawn(
    process.execPath,
    [testToolBin("prism"), ...args, "-p", String(port), "-h", host, "-v", "error"],
    // Its own process group, so one signal to -pid reaches every process Prism starts.
    { detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const keepTail = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on("data", keepTail);
  child.stderr?.on("data", keepTail);
  // "close", not "exit": only then has all of Prism's output (say, EADDRINUSE) been read.
  let exitedWith: string | undefined;
  child.once("close", (code, signal) => {
    exitedWith = String(code ?? signal);
  });
  // A crashing or interrupted test worker skips afterAll; this still takes Prism down with it.
  const forget = child.pid === undefined ? () => {} : killGroupWithThisProcess(child.pid);

  const url = `http://${host}:${port}`;
  const close = async () => {
    await stopGroup(child);
    forget();
  };
  try {
    await waitForPrism({
      url,
      timeoutMs: startTimeoutMs,
      exitReason: () =>
        exitedWith === undefined
          ? undefined
          : `Prism exited (${exitedWith}) before it was ready: ${output}`,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { url, pid: child.pid as number, close };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    // Prism itself is gone; anything it started would still be in its group.
    killGroup(child, "SIGKILL");
    return;
  }
  const exited = once(child, "exit");
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 3_000);
  await exited;
  clearTimeout(timer);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined) killProcessGroup(child.pid, signal);
}
