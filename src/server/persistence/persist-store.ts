import type { PlantStore } from "../../mock/types.js";
import { writeFileAtomic } from "./atomic-write.js";

export interface StorePersistence {
  /** Writes any change not yet on disk, waiting for a write already under way. */
  flush(): Promise<void>;
  /** Stops watching the store, then flushes. */
  stop(): Promise<void>;
}

/**
 * Saves `store` to `path` after changes. A burst of creates is coalesced into one write
 * per `delay` ms (a snapshot of the whole store), so load does not turn into one file
 * rewrite per create; `flush()` on shutdown makes sure no acknowledged change is lost.
 */
export function persistStore(options: {
  store: PlantStore;
  path: string;
  delay: number;
  encode: () => string;
  onError: (error: Error) => void;
}): StorePersistence {
  const { path, delay, encode, onError } = options;
  let dirty = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> | undefined;

  async function writeNow(): Promise<void> {
    dirty = false;
    // The snapshot is taken synchronously: changes after this point make the store dirty again.
    writing = writeFileAtomic(path, encode());
    try {
      await writing;
    } catch (error) {
      dirty = true;
      throw error;
    } finally {
      writing = undefined;
    }
  }

  function schedule(): void {
    if (stopped || timer !== undefined || writing !== undefined) return;
    timer = setTimeout(onTimer, delay);
    timer.unref();
  }

  function onTimer(): void {
    timer = undefined;
    if (!dirty) return;
    // A failed write stays dirty and is retried on the next change or at flush().
    writeNow().then(() => dirty && schedule(), onError);
  }

  const unsubscribe = options.store.subscribe(() => {
    dirty = true;
    schedule();
  });

  async function flush(): Promise<void> {
    while (writing !== undefined) await writing.catch(() => undefined);
    clearTimeout(timer);
    timer = undefined;
    if (dirty) await writeNow();
  }

  return {
    flush,
    async stop() {
      stopped = true;
      unsubscribe();
      await flush();
    },
  };
}
