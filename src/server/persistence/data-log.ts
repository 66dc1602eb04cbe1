// The writer of the data file. Lines of creates are grouped: while one write is under way
// the next creates queue, and all of them go out in the next write, so a burst of N
// concurrent creates costs a few writes, not N. `commit()` resolves once every change made
// before it is in the file, which is what a create's answer waits for.

import fs from "node:fs";
import { between, checkNumber } from "../../contract/number-check.js";
import type { StoredPlant } from "../../contract/plant-types.js";
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";
import { type LineEncoder, type OpenLogFile, writeSnapshotFile } from "./snapshot.js";

interface DataLog {
  /** Queues a create's line (newline included) for the next write. */
  append(line: string): void;
  /** Queues a new snapshot replacing the file (after a reset or load); queued lines are dropped. */
  rewrite(entries: readonly StoredPlant[]): void;
  /** Resolves once every change queued so far is written to the OS (and synced under "always"). */
  commit(): Promise<void>;
  /** Writes what is queued, syncs (unless "never") and closes the file. */
  close(): Promise<void>;
}

// When the file is flushed from the OS to the disk. A create is always answered only after
// its line is written to the OS, so a killed process loses nothing it acknowledged; this
// policy decides what a power loss (or a kernel crash) may cost.
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
  const message = `fsync must be "always", "never" or a whole number of milliseconds from 1 to ${MAX_FSYNC_PERIOD}.`;
  return checkNumber(value, between(1, MAX_FSYNC_PERIOD, true), message);
}

const RETRY_AFTER_FAILURE_MS = 1_000;

interface Waiter {
  /** The change it waits for: resolved when `durable` reaches it. */
  change: number;
  resolve(): void;
  reject(error: Error): void;
}

export function openDataLog(options: {
  path: string;
  file: OpenLogFile;
  fsync: FsyncPolicy;
  encode: LineEncoder;
  onError(error: Error): void;
}): DataLog {
  const { path, fsync, encode, onError } = options;
  let file = options.file;
  /** Changes seen so far (each create, reset and load counts one). */
  let changes = 0;
  /** Every change up to this one is in the file. */
  let durable = 0;
  let lines: string[] = [];
  let snapshot: { entries: readonly StoredPlant[]; change: number } | undefined;
  let draining: Promise<void> | undefined;
  let scheduled = false;
  let unsynced = false;
  let syncing: Promise<void> = Promise.resolve();
  const waiters: Waiter[] = [];

  const syncTimer =
    typeof fsync === "number" ? setInterval(() => void syncInBackground(), fsync) : undefined;
  syncTimer?.unref();

  function syncInBackground(): Promise<void> {
    if (!unsynced) return syncing;
    unsynced = false;
    const handle = file.handle;
    syncing = syncing.then(() =>
      handle.datasync().catch((error: Error) => {
        unsynced = true;
        onError(error);
      }),
    );
    return syncing;
  }

  function settle(upTo: number, error?: Error): void {
    while (waiters.length > 0 && (waiters[0] as Waiter).change <= upTo) {
      const waiter = waiters.shift() as Waiter;
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }

  // setImmediate rather than a microtask: creates answered in the same turn of the event
  // loop (pipelined requests, a busy poll phase) then share one write.
  function schedule(): void {
    if (scheduled || draining !== undefined) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void startDrain();
    });
  }

  const pending = () => snapshot !== undefined || lines.length > 0;

  /** The one drain under way, started if there is none: two would interleave their writes. */
  function startDrain(): Promise<void> {
    draining ??= drain().then((ok) => {
      draining = undefined;
      // A change can slip in between the drain's last check and here (a create resumed in
      // a microtask); it found a drain under way and did not schedule one. After a failure
      // the retry waits a little instead of spinning on a full disk; a new change or
      // commit() tries again at once.
      if (!pending()) return;
      if (ok) schedule();
      else setTimeout(schedule, RETRY_AFTER_FAILURE_MS).unref();
    });
    return draining;
  }

  /** Writes until nothing is queued; false when a write failed (reported to its waiters). */
  async function drain(): Promise<boolean> {
    while (pending()) {
      const ok = snapshot !== undefined ? await writeSnapshot(snapshot) : await writeLines();
      if (!ok) return false;
    }
    return true;
  }

  async function writeSnapshot(job: { entries: readonly StoredPlant[]; change: number }) {
    try {
      const next = await writeSnapshotFile(path, job.entries, encode);
      const previous = file;
      file = next;
      unsynced = false;
      await syncing;
      await previous.handle.close().catch(() => undefined);
    } catch (error) {
      settle(job.change, error as Error);
      onError(error as Error);
      return false;
    }
    if (snapshot === job) snapshot = undefined;
    durable = Math.max(durable, job.change);
    settle(job.change);
    return true;
  }

  async function writeLines(): Promise<boolean> {
    const batch = lines;
    const upTo = changes;
    lines = [];
    const { handle, size } = file;
    try {
      file.size += appendSync(handle.fd, batch.join(""), size);
      if (fsync === "always") await handle.datasync();
      else unsynced = true;
    } catch (error) {
      // Cut off what part of the batch reached the file, so the retry does not leave a torn
      // line in the middle; the lines go back in the queue unless a snapshot replaced them.
      file.size = size;
      await handle.truncate(size).catch(() => undefined);
      if (snapshot === undefined) lines = batch.concat(lines);
      settle(upTo, error as Error);
      onError(error as Error);
      return false;
    }
    durable = upTo;
    settle(upTo);
    return true;
  }

  return {
    append(line) {
      changes++;
      lines.push(line);
      schedule();
    },
    rewrite(entries) {
      changes++;
      lines = [];
      snapshot = { entries, change: changes };
      schedule();
    },
    commit() {
      if (durable >= changes) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ change: changes, resolve, reject });
        schedule();
      });
    },
    async close() {
      clearInterval(syncTimer);
      await draining;
      if (pending()) {
        // One more try (the last one failed, or changes came while it ran); a second
        // failure is the caller's to report, as this is the last chance to save them.
        await startDrain();
        if (pending()) {
          await file.handle.close().catch(() => undefined);
          throw new Error(`Could not save the last changes to the data file ${path}.`);
        }
      }
      await syncing;
      if (fsync !== "never") await file.handle.datasync();
      await file.handle.close();
    },
  };
}

/**
 * Writes `text` at `position` on the event loop's own thread. A group of lines is a small
 * copy into the OS page cache: handing it to the thread pool would cost a thread wake-up
 * and an extra turn of the loop per group, more than the write itself. Only fsync, which
 * waits for the disk, goes to the thread pool. Resolves with the bytes written; a short
 * write is continued.
 */
function appendSync(fd: number, text: string, position: number): number {
  const bytes = Buffer.from(text, "utf8");
  let written = 0;
  while (written < bytes.length) {
    const count = fs.writeSync(fd, bytes, written, bytes.length - written, position + written);
    if (count === 0) throw new Error("the disk accepted no more bytes");
    written += count;
  }
  return written;
}
