import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * Replaces `path` with `text` so that a crash at any moment leaves either the old file or
 * the new one, whole: the text goes to a temporary file in the same directory (rename is
 * only atomic within one file system), is flushed to disk, and is then renamed over `path`.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const directory = dirname(path);
  const temporary = join(
    directory,
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    const handle = await open(temporary, "w");
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(directory);
}

// Makes the rename itself durable across a power loss. Not every platform can open a
// directory (Windows cannot), and the data is already safe from a process crash, so a
// failure here is ignored.
async function syncDirectory(directory: string): Promise<void> {
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
