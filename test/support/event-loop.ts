// What a test can see of the event loop without a timer of its own: how many timers the
// process holds (a held request's delay is one), and a wait for a condition between turns.

/** How many timers the process holds now (Node's own view of what keeps it alive). */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;
}

/**
 * Resolves once `condition` holds, polling between turns of the event loop with no timer of its
 * own (so it can wait on `activeTimers()`); a bounded number of turns, then it throws.
 */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 100_000; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Never happened: ${what}.`);
}
