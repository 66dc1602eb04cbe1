// The data file of the server (`dataFile`, `--data`): taken with its lock, loaded into the
// store, then kept in step with it by the log writer.
import { open, readlink, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { StoredPlant } from "../../contract/plant-types.js";
import type { PlantStore } from "../../mock/store/store-types.js";
import { PlantStoreDataFileError } from "../errors/PlantStoreDataFileError.js";
import type { PlantStoreServerLog } from "../server-options.js";
import { type DataFileLock, lockDataFile } from "./data-file-lock.js";
import { type FsyncPolicy, openDataLog } from "./data-log.js";
import {
  type DataFileContents,
  encodeHeader,
  encodePlantLine,
  readDataFile,
} from "./log-format.js";
import { createOwnerKeys } from "./owner-keys.js";
import {
  type OpenLogFile,
  removeStaleSnapshots,
  syncDirectory,
  writeAll,
  writeSnapshotFile,
} from "./snapshot.js";

export interface DataFilePersistence {
  /** Resolves once every change made so far is in the file: a create's answer waits for it. */
  commit(): Promise<void>;
  /** Stops listening to the store, writes what is queued, syncs, closes and unlocks the file. */
  close(): Promise<void>;
}

/**
 * Locks and loads `path` into `store` (no file yet = keep the seed), then appends every
 * create to it and rewrites it after a reset or load. A file that is in use by another
 * server, or exists but cannot be used, throws `PlantStoreDataFileError`: starting empty
 * instead would overwrite the user's data.
 */
export async function openDataFile(options: {
  store: PlantStore;
  tokens: readonly string[];
  path: string;
  fsync: FsyncPolicy;
  log: PlantStoreServerLog;
}): Promise<DataFilePersistence> {
  const { store, log } = options;
  const name = options.path;
  // A symbolic link stays a link: the file it points to is the one read, locked and
  // replaced by snapshots (a rename over the link would replace the link itself).
  let path: string;
  let lock: DataFileLock;
  try {
    path = await realDataPath(name);
    await refuseHardLinks(path, name);
    lock = await lockDataFile(path, name);
  } catch (error) {
    throw error instanceof PlantStoreDataFileError ? error : dataFileError(name, error);
  }
  try {
    const owners = createOwnerKeys(options.tokens);
    const encode = {
      header: encodeHeader,
      plant: (plant: StoredPlant) => encodePlantLine(plant, owners),
    };
    const contents = await readDataFile(path, owners, name);
    await removeStaleSnapshots(path);
    if (contents !== undefined) store.load(contents.entries);
    const file = await openForAppending(path, name, contents, () =>
      writeSnapshotFile(path, store.entries(), encode),
    );
    if (contents?.torn !== undefined) {
      const aside = await moveTornTail(path, file, contents.torn.bytes).catch((error) => {
        void file.handle.close();
        throw dataFileError(name, error);
      });
      log(
        `Data file ${name}, line ${contents.torn.line}: moved ${contents.torn.bytes.length} bytes of a line cut off mid-write to ${aside} (the process stopped before that create was answered).`,
        "error",
      );
    }

    const dataLog = openDataLog({
      path,
      file,
      fsync: options.fsync,
      encode,
      onError: (error) => log(`Could not write the data file ${name}: ${error.message}`, "error"),
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
        try {
          await dataLog.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** The path with every symbolic link resolved, including a link to a file not created yet. */
async function realDataPath(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const target = await readlink(path).catch(() => undefined);
  if (target !== undefined) return realDataPath(resolve(dirname(path), target));
  return join(await realpath(dirname(path)), basename(path));
}

/**
 * A file with several names (hard links) is refused: the lock is taken by name, so a second
 * server could start on another name of the same file, and the first snapshot (a rename)
 * would split the names into two files anyway.
 */
async function refuseHardLinks(path: string, name: string): Promise<void> {
  const links = await stat(path).then(
    // A directory's links are its subdirectories: reading it fails later, with its own message.
    (found) => (found.isFile() ? found.nlink : 1),
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return 1;
      throw error;
    },
  );
  if (links > 1) {
    throw new PlantStoreDataFileError(
      `Data file ${name} has ${links} hard links (names of the same file): another server could use it under another name, and snapshots would split the names apart; give a file with one name (copy it, or remove the other links).`,
    );
  }
}

/**
 * The file, open after its last whole line. No file yet: a snapshot of the store. Found
 * unwritable now rather than at the first create, which could only answer 500.
 */
async function openForAppending(
  path: string,
  name: string,
  contents: DataFileContents | undefined,
  writeSnapshot: () => Promise<OpenLogFile>,
): Promise<OpenLogFile> {
  try {
    if (contents === undefined) return await writeSnapshot();
    const handle = await open(path, "r+");
    try {
      // Appends must start on a fresh line, or the next one would look damaged.
      const size = contents.unterminated
        ? contents.size + (await writeAll(handle, "\n", contents.size))
        : contents.size;
      return { handle, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  } catch (error) {
    throw dataFileError(name, error);
  }
}

/**
 * Copies the bytes of a cut-off append to a file beside the data file, flushed, and only
 * then cuts them from the data file: they are never destroyed, in case they matter to
 * someone. Resolves with the new file's path.
 */
async function moveTornTail(path: string, file: OpenLogFile, bytes: Buffer): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const aside = `${path}.torn-${stamp}`;
  const handle = await open(aside, "wx");
  try {
    await writeAll(handle, bytes, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDirectory(dirname(path));
  await file.handle.truncate(file.size);
  return aside;
}

function dataFileError(name: string, error: unknown): PlantStoreDataFileError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new PlantStoreDataFileError(
    `Data file ${name} cannot be written (${reason}); check that its directory exists and is writable.`,
  );
}
