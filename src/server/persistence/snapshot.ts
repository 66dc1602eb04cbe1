// Writes a new data file holding a snapshot of the store, without holding up requests and
// without a moment where a crash leaves no usable file; and clears away the half-written
// snapshots a killed process leaves behind.
import { randomBytes } from "node:crypto";
import { type FileHandle, open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { StoredPlant } from "../../contract/plant-types.js";

/** Enough lines per chunk to write efficiently, few enough that requests still get turns. */
const PLANTS_PER_CHUNK = 10_000;

export interface OpenLogFile {
  handle: FileHandle;
  /** Bytes in the file: where the next line goes. */
  size: number;
}

export interface LineEncoder {
  header(count: number): string;
  plant(plant: StoredPlant): string;
}

/**
 * Replaces `path` with `header` and a line per entry. The text goes to a temporary file in
 * the same directory (rename is only atomic within one file system) a chunk at a time,
 * with a turn of the event loop between chunks, so a large store never blocks requests;
 * it is flushed to disk and only then renamed over `path`. A crash at any moment leaves
 * the old file or the new one, whole. Resolves with the new file, open for appending.
 */
export async function writeSnapshotFile(
  path: string,
  entries: readonly StoredPlant[],
  encode: LineEncoder,
): Promise<OpenLogFile> {
  const directory = dirname(path);
  const suffix = randomBytes(4).toString("hex");
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${suffix}.tmp`);
  const handle = await open(temporary, "w");
  try {
    let size = await writeAll(handle, encode.header(entries.length), 0);
    for (let start = 0; start < entries.length; start += PLANTS_PER_CHUNK) {
      const end = Math.min(start + PLANTS_PER_CHUNK, entries.length);
      let chunk = "";
      for (let index = start; index < end; index++) {
        chunk += encode.plant(entries[index] as StoredPlant);
      }
      size += await writeAll(handle, chunk, size);
    }
    // Flushed before the rename whatever the fsync policy: otherwise a power loss could
    // leave the new name on an empty file, costing the whole store, not just recent creates.
    await handle.sync();
    await rename(temporary, path);
    await syncDirectory(directory);
    return { handle, size };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Removes snapshots a killed process left half-written next to `path` (each may be as large
 * as the store). Called while holding the data file's lock, so none is still being written.
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

/** Writes all of `bytes` at `position` (a write may be short); resolves with the count. */
export async function writeAll(
  handle: FileHandle,
  text: string | Uint8Array,
  position: number,
): Promise<number> {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(
      bytes,
      written,
      bytes.length - written,
      position + written,
    );
    if (bytesWritten === 0) throw new Error("the disk accepted no more bytes");
    written += bytesWritten;
  }
  return written;
}

/**
 * Makes a rename in `directory` durable across a power loss. Not every platform can open
 * a directory (Windows cannot), and the data is already safe from a process crash, so a
 * failure here is ignored.
 */
export async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // See above: best effort only.
  }
}
