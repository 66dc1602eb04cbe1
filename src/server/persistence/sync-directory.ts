import { open } from "node:fs/promises";

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
