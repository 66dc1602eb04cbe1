import { createServer } from "node:net";

/**
 * Asks the OS for a free loopback port by binding port 0 and closing again. Another process
 * may take the port before our child binds it, so callers retry on EADDRINUSE.
 */
export function findFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      if (address === null || typeof address === "string") {
        probe.close(() => reject(new Error("could not read the probed port")));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}
