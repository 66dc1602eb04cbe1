// When the data file is flushed from the OS to the disk. A create is always answered only
// after its line is written to the OS, so a killed process loses nothing it acknowledged;
// this policy decides what a power loss (or a kernel crash) may cost.
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";

/** "always": before each answer; a number: every that many ms; "never": left to the OS. */
export type FsyncPolicy = "always" | "never" | number;

/**
 * Once a second, as Redis' `appendfsync everysec`: a power loss costs at most about a
 * second of creates, while no request waits for the disk. "always" makes every create
 * wait for an fsync, which costs milliseconds on SSDs and far more on busy or network disks.
 */
export const DEFAULT_FSYNC: FsyncPolicy = 1_000;

/** setInterval cannot wait longer: a larger period would fire at once. */
export const MAX_FSYNC_PERIOD = MAX_TIMER_MS;

/** Refuses a policy the server cannot use, naming the option. */
export function checkFsyncPolicy(value: unknown): FsyncPolicy {
  if (value === "always" || value === "never") return value;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) {
    if (value <= MAX_FSYNC_PERIOD) return value;
  }
  const message = `fsync must be "always", "never" or a whole number of milliseconds from 1 to ${MAX_FSYNC_PERIOD}.`;
  throw typeof value === "number" ? new RangeError(message) : new TypeError(message);
}
