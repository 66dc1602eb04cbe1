// One server per data file: two would interleave their lines, and each would answer creates
// that the other's next snapshot drops. The lock is a file beside the data file naming the
// process that uses it: its PID on the first line and, where the system tells (Linux), when
// that process started on the second. A killed server (SIGKILL, a crash, a stopped
// container) cannot release its lock, so a lock whose process is gone, or whose PID a later
// process got, is taken over at once. Never by its age: that could only guess, and the next
// start would wait.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import { PlantStoreDataFileError } from "../errors/PlantStoreDataFileError.js";

/**
 * The lock files this process holds. A lock holding this process's own PID that is not
 * listed was left by an earlier process with the same PID: a restarted container often
 * runs its server as the same PID again.
 */
const held = new Set<string>();

/** A stale lock is taken over; a few rounds cover several servers starting at once. */
const MAX_ATTEMPTS = 5;

export interface DataFileLock {
  release(): Promise<void>;
}

/**
 * The attempts of this process to take each lock, one at a time. Servers of one process all
 * write the same PID, so a server taking over a stale lock cannot tell whether the lock it
 * moved aside was the stale one or one another server of this process had just taken.
 */
const taking = new Map<string, Promise<unknown>>();

/**
 * Takes the lock of the data file at `path` (its real path), or throws
 * `PlantStoreDataFileError` naming the file as `name` and the process that holds it.
 */
export function lockDataFile(path: string, name: string): Promise<DataFileLock> {
  const lockPath = `${path}.lock`;
  const attempt = (taking.get(lockPath) ?? Promise.resolve()).then(() => takeLock(lockPath, name));
  // What the next attempt waits for: this one settled, whichever way.
  const settled = attempt.catch(() => undefined);
  taking.set(lockPath, settled);
  void settled.then(() => {
    if (taking.get(lockPath) === settled) taking.delete(lockPath);
  });
  return attempt;
}

async function takeLock(lockPath: string, name: string): Promise<DataFileLock> {
  // Written whole under another name, then linked into place: a link fails if the lock
  // exists, and never shows another process a lock file without its PID.
  const draft = `${lockPath}.${randomBytes(4).toString("hex")}.tmp`;
  const start = processStart(process.pid);
  await writeFile(draft, `${process.pid}\n${start === undefined ? "" : `${start}\n`}`);
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        await link(draft, lockPath);
        held.add(lockPath);
        return { release: () => release(lockPath) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = await readHolder(lockPath);
      if (holder !== undefined && isRunning(holder, lockPath)) {
        throw new PlantStoreDataFileError(
          `Data file ${name} is in use by process ${holder.pid} (lock file ${lockPath}); stop that server first, or give another data file.`,
        );
      }
      await removeStaleLock(lockPath, holder?.pid);
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

interface Holder {
  pid: number;
  start: string | undefined;
}

/** What a lock file says; undefined when it is gone or holds no PID (then no one holds it). */
async function readHolder(lockPath: string): Promise<Holder | undefined> {
  const text = await readFile(lockPath, "utf8").catch(() => "");
  const match = /^(\d+)\n(?:(\d+)\n)?$/.exec(text);
  return match === null ? undefined : { pid: Number(match[1]), start: match[2] };
}

function isRunning(holder: Holder, lockPath: string): boolean {
  if (holder.pid === process.pid) return held.has(lockPath);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists, but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const start = holder.start === undefined ? undefined : processStart(holder.pid);
  return start === undefined || start === holder.start;
}

/** When process `pid` started (clock ticks since boot) where /proc tells, else undefined. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields are counted after the name, which is in parentheses and may hold spaces:
    // the start time is field 22, the 20th after the name.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
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
  if (moved?.pid !== stalePid) await link(aside, lockPath).catch(() => undefined);
  await rm(aside, { force: true });
}
