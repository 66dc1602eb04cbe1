// One server per data file: two would interleave their lines, and each would answer creates
// that the other's next snapshot drops. The lock is a file beside the data file holding the
// PID of the server that uses it, and a lock whose process is gone is taken over at once: a
// killed server (SIGKILL, a crash, a stopped container) cannot release its lock, and the
// next start must not wait for it. A lock is never judged by its age, which could only
// guess, and would make the next start wait.
import { randomBytes } from "node:crypto";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import { PlantStoreDataFileError } from "./data-file-error.js";

/**
 * The lock files this process holds. A lock holding this process's own PID that is not
 * listed was left by an earlier process with the same PID: a restarted container often
 * runs its server as the same PID again.
 */
const held = new Set<string>();

/** A stale lock is taken over; a few rounds cover several servers starting at once. */
const MAX_ATTEMPTS = 5;

export interface DataFileLock {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * Takes the lock of the data file at `path` (its real path), or throws
 * `PlantStoreDataFileError` naming the file as `name` and the process that holds it.
 */
export async function lockDataFile(path: string, name: string): Promise<DataFileLock> {
  const lockPath = `${path}.lock`;
  // Written whole under another name, then linked into place: a link fails if the lock
  // exists, and never shows another process a lock file without its PID.
  const draft = `${lockPath}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        await link(draft, lockPath);
        held.add(lockPath);
        return { path: lockPath, release: () => release(lockPath) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = await readHolder(lockPath);
      if (holder !== undefined && isRunning(holder, lockPath)) {
        throw new PlantStoreDataFileError(
          `Data file ${name} is in use by process ${holder} (lock file ${lockPath}); stop that server first, or give another data file.`,
        );
      }
      await removeStaleLock(lockPath, holder);
    }
  } finally {
    await rm(draft, { force: true });
  }
  throw new PlantStoreDataFileError(
    `Data file ${name}: could not take its lock file ${lockPath}; other servers keep starting on it.`,
  );
}

async function release(lockPath: string): Promise<void> {
  if (!held.delete(lockPath)) return;
  await rm(lockPath, { force: true });
}

/** The PID in a lock file; undefined when it is gone or holds no PID (then no one holds it). */
async function readHolder(lockPath: string): Promise<number | undefined> {
  const text = await readFile(lockPath, "utf8").catch(() => "");
  return /^\d+\n?$/.test(text) ? Number(text) : undefined;
}

function isRunning(pid: number, lockPath: string): boolean {
  if (pid === process.pid) return held.has(lockPath);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Moves a stale lock out of the way. Moved, then checked, rather than removed: when two
 * servers start at once on a stale lock, the slower one may move the lock the faster one
 * has just taken, and must then put it back.
 */
async function removeStaleLock(lockPath: string, stalePid: number | undefined): Promise<void> {
  const aside = `${lockPath}.${randomBytes(4).toString("hex")}.stale`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    // Already moved by another server starting now: try again.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved !== stalePid) await link(aside, lockPath).catch(() => undefined);
  await rm(aside, { force: true });
}
