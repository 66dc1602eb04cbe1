import { readdir, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** The name of a snapshot being written for `path` (write-snapshot.ts), by this process. */
export function snapshotFileName(path: string, suffix: string): string {
  return `.${basename(path)}.${process.pid}.${suffix}.tmp`;
}

/**
 * Removes snapshots a killed process left half-written next to `path` (each may be as large
 * as the store). Only one server may use a data file, so none of them is still being written.
 */
export async function removeStaleSnapshots(path: string): Promise<void> {
  const directory = dirname(path);
  const prefix = `.${basename(path)}.`;
  const stale = /^\d+\.[0-9a-f]{8}\.tmp$/;
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(prefix) && stale.test(name.slice(prefix.length))) {
      await rm(join(directory, name), { force: true });
    }
  }
}
