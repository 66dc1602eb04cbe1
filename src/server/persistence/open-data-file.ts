import type { PlantStore } from "../../mock/types.js";
import type { PlantStoreServerLog } from "../server-options.js";
import { encodeDataFile, readDataFile } from "./data-file.js";
import { createOwnerKeys } from "./owner-keys.js";
import { persistStore, type StorePersistence } from "./persist-store.js";

/**
 * Loads `path` into `store` (no file yet = keep the seed) and saves every later change.
 * A file that exists but cannot be used throws `PlantStoreDataFileError`: starting empty
 * instead would overwrite the user's data at the first save.
 */
export async function openDataFile(options: {
  store: PlantStore;
  tokens: readonly string[];
  path: string;
  delay: number;
  log: PlantStoreServerLog;
}): Promise<StorePersistence> {
  const { store, path, log } = options;
  const owners = createOwnerKeys(options.tokens);
  const entries = await readDataFile(path, owners);
  if (entries !== undefined) store.load(entries);
  return persistStore({
    store,
    path,
    delay: options.delay,
    encode: () => encodeDataFile(store.entries(), owners),
    onError: (error) => log(`Could not save the data file ${path}: ${error.message}`, "error"),
  });
}
