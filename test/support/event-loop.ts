// What a test can see of the event loop without a timer of its own: how many timers the
// process holds (a held request's delay is one), and a wait for a condition between turns.

/** How many timers the process holds now (Node's own view of what keeps it alive). */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;
}

/** How long `until` waits before it says what never happened: longer than any test's wait. */
const GIVE_UP_MS = 10_000;

/**
 * Resolves once `condition` holds, polling between turns of the event loop with no timer of its
 * own (so it can wait on `activeTimers()`); after 10 s it throws, naming `what`.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < GIVE_UP_MS) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Never happened: ${what}.`);
}
