// Spawns a runtime binary of test-tools/ and waits for it to exit by itself. A
// process still alive after `limitMs` is killed and reported as `timedOut`: a runtime
// that never exits (as Deno did while msw was imported) fails the test instead of hanging it.
import { spawn } from "node:child_process";
import { testToolBin } from "../../../scripts/test-tools.js";
import { repoRoot } from "./dist.js";

export interface RuntimeRun {
  code: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

export function runRuntime(binary: string, args: string[], limitMs = 30_000): Promise<RuntimeRun> {
  const child = spawn(testToolBin(binary), args, {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, limitMs);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stdout, stderr });
    });
  });
}
