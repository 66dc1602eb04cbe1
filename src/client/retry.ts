import { MAX_TIMER_MS } from "../contract/timer-limit.js";
import { whenAborted } from "./attempt.js";
import { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
import { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";

// Statuses that say "try again later" rather than "this request is wrong" (as ky does,
// less 413: a body too large does not shrink on a retry).
const retryStatuses = [408, 429, 500, 502, 503, 504];

// RFC 9110 allows two forms and nothing else: delta-seconds, or an HTTP date in the format
// senders must use (IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"). Date.parse alone would
// read "1", "2025" or "soon 5" as dates.
const deltaSeconds = /^\d+$/;
const imfFixdate = /^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/;

/**
 * The wait in ms that a `Retry-After` value asks for: negative for a date already past, NaN
 * when there is none or it is not one of the two forms.
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number {
  const text = value ?? "";
  if (deltaSeconds.test(text)) return +text * 1000;
  return imfFixdate.test(text) ? Date.parse(text) - now : Number.NaN;
}

/**
 * Runs `attempt`, and again up to `retries` more times while it fails transiently: no
 * response at all (a timeout included) or a status above. Before retry n (0 for the first)
 * it waits what the server's `Retry-After` asks, else 0.5 s × 2^n less up to 25 % jitter
 * (so clients that failed together do not retry together); never more than `maxDelay`, nor
 * than a timer can hold. The caller's abort ends the wait at once, with the signal's reason.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  retries: number,
  maxDelay: number,
  signal: AbortSignal | undefined,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const transient =
        error instanceof PlantStoreConnectionError ||
        (error instanceof PlantStoreApiError && retryStatuses.includes(error.status));
      if (!transient || retry >= retries) throw error;
      const asked =
        error instanceof PlantStoreApiError ? retryAfterMs(error.headers.get("retry-after")) : NaN;
      const backoff = 500 * 2 ** retry * (1 - Math.random() / 4);
      await wait(Math.min(maxDelay, MAX_TIMER_MS, asked >= 0 ? asked : backoff), signal);
    }
  }
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const unsubscribe = signal
      ? whenAborted(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        })
      : undefined;
    const timer = setTimeout(() => {
      unsubscribe?.();
      resolve();
    }, ms);
  });
}
