import { createServer } from "node:net";
import { describe, expect, it, vi } from "vitest";

// The harness itself: a taken port is retried, and close() leaves no process behind.
const freePortModule = "./harness/free-port.js";

function groupIsAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the Prism process harness", () => {
  it("retries on another port when the probed one is taken, and close() stops the whole group", async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const taken = (squatter.address() as { port: number }).port;
    const real = await vi.importActual<typeof import("./harness/free-port.js")>(freePortModule);
    const handedOut: number[] = [];
    vi.doMock(freePortModule, () => ({
      findFreePort: async () => {
        const port = handedOut.length === 0 ? taken : await real.findFreePort();
        handedOut.push(port);
        return port;
      },
    }));
    const { startPrismMock } = await import("./harness/prism-process.js");
    const prism = await startPrismMock();
    try {
      expect(handedOut).toHaveLength(2);
      expect(prism.url).toBe(`http://127.0.0.1:${handedOut[1]}`);
      expect(groupIsAlive(prism.pid)).toBe(true);
    } finally {
      await prism.close();
      squatter.close();
    }
    expect(groupIsAlive(prism.pid)).toBe(false);
  }, 30_000);
});
