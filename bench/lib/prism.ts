// `prism mock openapi.yaml`: the tool users would otherwise pick as a mock server. Quiet
// logging (`-v error`), because Prism's default logging costs it ~40% of its throughput.
import { type ChildProcess, spawn } from "node:child_process";
import { testToolBin } from "../../scripts/test-tools.js";
import { AUTHORIZATION } from "./fixtures.js";
import { freePort, REPO_ROOT, waitUntilAnswering } from "./processes.js";

const prismCli = testToolBin("prism");

export interface StartedPrism {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process until it answered an HTTP request. */
  startupMs: number;
}

export async function startPrism(): Promise<StartedPrism> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [prismCli, "mock", "openapi.yaml", "-h", "127.0.0.1", "-p", String(port), "-v", "error"],
    { cwd: REPO_ROOT, stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  const startupMs = await waitUntilAnswering(
    `${url}/plants`,
    { headers: { authorization: AUTHORIZATION } },
    startedAt,
  );
  return { url, child, startupMs };
}
