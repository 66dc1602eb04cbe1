// Writes a new data file holding a snapshot of the store, without holding up requests and
// without a moment where a crash leaves no usable file.
import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { StoredPlant } from "../../mock/types.js";
import { snapshotFileName } from "./stale-snapshots.js";
import { syncDirectory } from "./sync-directory.js";

/** About 1 MB of lines at a time: a few milliseconds of encoding between two turns of the event loop. */
const PLANTS_PER_CHUNK = 10_000;

export interface OpenLogFile {
  handle: FileHandle;
  /** Bytes in the file: where the next line goes. */
  size: number;
}

/**
 * Replaces `path` with `header` and a line per entry. The text goes to a temporary file in
 * the same directory (rename is only atomic within one file system) a chunk at a time,
 * with a turn of the event loop between chunks, so a million plants never block requests;
 * it is flushed to disk and only then renamed over `path`. A crash at any moment leaves
 * the old file or the new one, whole. Resolves with the new file, open for appending.
 */
export async function writeSnapshotFile(
  path: string,
  entries: readonly StoredPlant[],
  encode: { header(count: number): string; plant(plant: StoredPlant): string },
): Promise<OpenLogFile> {
  const directory = dirname(path);
  const temporary = join(directory, snapshotFileName(path, randomBytes(4).toString("hex")));
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

/** Writes all of `text` at `position` (a write may be short); resolves with its bytes. */
async function writeAll(handle: FileHandle, text: string, position: number): Promise<number> {
  const bytes = Buffer.from(text, "utf8");
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
