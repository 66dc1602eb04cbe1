// Starts `plant-store-mock --admin` as its own process, as an e2e suite's global setup
// would, and reads its URL from the first line it prints.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

// In your project: spawn("npx", ["plant-store-mock", ...args]). Inside this repository the
// command runs from source, so the example always tests the code next to it.
const cli = fileURLToPath(new URL("../../../src/server/cli/plant-store-mock.ts", import.meta.url));
const command = [process.execPath, "--import", "tsx", cli];

export interface MockServer {
  url: string;
  stop(): Promise<void>;
}

export async function startMockServer(args: readonly string[]): Promise<MockServer> {
  const [program = "node", ...programArgs] = command;
  const child: ChildProcess = spawn(program, [...programArgs, "--port", "0", "--quiet", ...args], {
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
