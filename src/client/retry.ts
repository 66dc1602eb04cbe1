import { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
import { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";
import { retryAfterMs } from "./retry-after.js";

// Statuses that say "try again later" rather than "this request is wrong" (as ky does,
// less 413: a body too large does not shrink on a retry).
const retryStatuses = [408, 429, 500, 502, 503, 504];

/**
 * Runs `attempt`, and again up to `retries` more times while it fails transiently: no
 * response at all (a timeout included) or a status above. Before retry n (0 for the first)
 * it waits what the server's `Retry-After` asks, else 0.5 s × 2^n less up to 25 % jitter
 * (so clients that failed together do not retry together); never more than `maxDelay`, nor
 * than a timer can hold. The caller's abort ends the wait at once, with the signal's reason.
 */
export function withRetries<T>(
  attempt: () => Promise<T>,
  retries: number,
  maxDelay: number,
  signal: AbortSignal | undefined,
): Promise<T> {
  // A call that succeeds at once costs one `catch` here: no async wrapper or await of its own.
  const from = (retry: number): Promise<T> =>
    retry >= retries
      ? attempt()
      : attempt().catch((error: unknown) => {
          if (
            !(
              error instanceof PlantStoreConnectionError ||
              (error instanceof PlantStoreApiError && retryStatuses.includes(error.status))
            )
          ) {
            throw error;
          }
          const asked = retryAfterMs(
            (error as Partial<PlantStoreApiError>).headers?.get("retry-after"),
          );
          const delay = Math.min(
            maxDelay,
            2 ** 31 - 1, // setTimeout fires a longer wait at once
            asked >= 0 ? asked : 500 * 2 ** retry * (1 - Math.random() / 4),
          );
          return new Promise((resolve, reject) => {
            signal?.throwIfAborted();
            const abort = () => {
              clearTimeout(timer);
              reject(signal?.reason);
            };
            // The listener goes when the wait ends: a long-lived signal must not collect them.
            const timer = setTimeout(
              () => resolve(signal?.removeEventListener("abort", abort)),
              delay,
            );
            signal?.addEventListener("abort", abort);
          }).then(() => from(retry + 1));
        });
  return from(0);
}
