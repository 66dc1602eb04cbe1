import { setTimeout as delay } from "node:timers/promises";

/**
 * Polls the port until Prism itself answers. Any path outside openapi.yaml gets Prism's own
 * NO_PATH_MATCHED problem+json, in proxy and mock mode alike, without touching the upstream;
 * seeing that body also proves the port is held by our Prism and not by a process that took
 * the port between our probe and Prism's bind.
 */
export async function waitForPrism(options: {
  url: string;
  timeoutMs: number;
  exitReason: () => string | undefined;
}): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const exitReason = options.exitReason();
    if (exitReason !== undefined) throw new Error(exitReason);
    if (await answersAsPrism(`${options.url}/__conformance-readiness`)) return;
    if (Date.now() > deadline) {
      throw new Error(`Prism did not answer on ${options.url} within ${options.timeoutMs} ms`);
    }
    // A poll interval, not a guess at the start-up time.
    await delay(20);
  }
}

async function answersAsPrism(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return (await response.text()).includes("stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR");
  } catch {
    return false;
  }
}
