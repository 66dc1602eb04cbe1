// Starts `plant-store-mock --admin` as its own process, as an e2e suite's global setup
// would, and reads its URL from the first line it prints.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";

// The installed package's `plant-store-mock` command, the file `npx plant-store-mock` runs,
// started with this Node directly: stopping it then stops the server, not an npx in front.
const require = createRequire(import.meta.url);
const manifest = require.resolve("plant-store-sdk/package.json");
const { bin } = require(manifest) as { bin: Record<string, string> };
const cli = join(dirname(manifest), bin["plant-store-mock"] ?? "");

export interface MockServer {
  url: string;
  stop(): Promise<void>;
}

export async function startMockServer(args: readonly string[]): Promise<MockServer> {
  const child: ChildProcess = spawn(process.execPath, [cli, "--port", "0", "--quiet", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const firstLine = once(lines, "line").then(([line]) => line as string);
  const url = await Promise.race([
    firstLine,
    exited.then(([code]) => {
      throw new Error(`plant-store-mock exited with code ${code} before it was listening.`);
    }),
  ]);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
