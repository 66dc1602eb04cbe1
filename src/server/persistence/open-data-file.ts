import { open } from "node:fs/promises";
import type { PlantStore, StoredPlant } from "../../mock/types.js";
import type { PlantStoreServerLog } from "../server-options.js";
import { PlantStoreDataFileError } from "./data-file-error.js";
import { openDataLog } from "./data-log.js";
import type { FsyncPolicy } from "./fsync-policy.js";
import { encodeHeader, encodePlantLine } from "./log-format.js";
import { createOwnerKeys } from "./owner-keys.js";
import { readDataFile } from "./read-data-file.js";
import { removeStaleSnapshots } from "./stale-snapshots.js";
import { type OpenLogFile, writeSnapshotFile } from "./write-snapshot.js";

export interface DataFilePersistence {
  /** Resolves once every change made so far is in the file: a create's answer waits for it. */
  commit(): Promise<void>;
  /** Stops listening to the store, writes what is queued, syncs and closes the file. */
  close(): Promise<void>;
}

/**
 * Loads `path` into `store` (no file yet = keep the seed), then appends every create to it
 * and rewrites it after a reset or load. A file that exists but cannot be used throws
 * `PlantStoreDataFileError`: starting empty instead would overwrite the user's data.
 */
export async function openDataFile(options: {
  store: PlantStore;
  tokens: readonly string[];
  path: string;
  fsync: FsyncPolicy;
  log: PlantStoreServerLog;
}): Promise<DataFilePersistence> {
  const { store, path, log } = options;
  const owners = createOwnerKeys(options.tokens);
  const encode = {
    header: encodeHeader,
    plant: (plant: StoredPlant) => encodePlantLine(plant, owners),
  };
  const contents = await readDataFile(path, owners);
  await removeStaleSnapshots(path);
  if (contents !== undefined) store.load(contents.entries);

  let file: OpenLogFile;
  try {
    file =
      contents?.format === "log"
        ? await openForAppending(path, contents.wholeBytes)
        : // No file yet, or the version 1 format: the log starts with a snapshot of the store.
          await writeSnapshotFile(path, store.entries(), encode);
  } catch (error) {
    // Found now rather than at the first create, which could only answer 500.
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new PlantStoreDataFileError(
      `Data file ${path} cannot be written (${reason}); check that its directory exists and is writable.`,
    );
  }
  if (contents?.format === "log" && contents.torn !== undefined) {
    const { line, bytes } = contents.torn;
    log(
      `Data file ${path}, line ${line}: dropped ${bytes} bytes of a line cut off mid-write (the process stopped before that create was answered).`,
      "error",
    );
  }

  const dataLog = openDataLog({
    path,
    file,
    fsync: options.fsync,
    encode,
    onError: (error) => log(`Could not write the data file ${path}: ${error.message}`, "error"),
  });
  const unsubscribe = store.subscribe((change) => {
    if (change.kind === "create") dataLog.append(encode.plant(change.plant));
    // The snapshot is taken now, before any later change, and written in the background.
    else dataLog.rewrite(store.entries());
  });
  return {
    commit: dataLog.commit,
    async close() {
      unsubscribe();
      await dataLog.close();
    },
  };
}

/** Opens the log to append after its last whole line, cutting off a line a crash tore. */
async function openForAppending(path: string, wholeBytes: number): Promise<OpenLogFile> {
  const handle = await open(path, "r+");
  try {
    // Appends must start on a fresh line, or the next one would look corrupt.
    await handle.truncate(wholeBytes);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { handle, size: wholeBytes };
}
