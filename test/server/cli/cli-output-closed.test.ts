// `plant-store-mock | head -1`, or a test runner that reads the URL and closes the pipe:
// the server keeps serving when nobody reads its output any more.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, it } from "vitest";
import { buildCli } from "../support/cli-process.js";

it("keeps serving after the reader of its stdout has gone away", async () => {
  const bin = await buildCli("output-closed");
  const child = spawn(process.execPath, [bin, "--port", "0", "--token", "pipe-token"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const [first] = (await once(child.stdout, "data")) as [Buffer];
    const url = first.toString().split("\n")[0] as string;
    child.stdout.destroy();
    for (let i = 0; i < 3; i++) {
      // Each request writes a log line to the closed stdout.
      const response = await fetch(`${url}/plants?limit=1`, {
        headers: { authorization: "Bearer pipe-token" },
      });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(child.exitCode).toBeNull();
  } finally {
    child.kill("SIGTERM");
    await once(child, "close");
  }
});
