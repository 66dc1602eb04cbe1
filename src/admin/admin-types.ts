// The shapes the admin API speaks (openapi.admin.yaml), as the admin client returns them.
import type { AdminPlant } from "../mock/admin/admin-api.js";
import type { JournalEntry } from "../mock/journal.js";
import type { PlantStoreOperation } from "../mock/types.js";

export type { AdminPlant, JournalEntry, PlantStoreOperation };

/** A plant for `load()`, as in a seed file; it is public. */
export interface PlantToLoad {
  name: string;
  tag?: string | undefined;
  /** Without one, the next free id. */
  id?: number | undefined;
}

/** What the failing call(s) answer, for {@link PlantStoreAdmin.failNext}. */
export interface AdminFailNextOptions {
  /** HTTP status of the simulated failure, 400 to 599. */
  status: number;
  /** The Error body's message; a sentence naming the status by default. */
  message?: string | undefined;
  /** Extra headers of the failure, such as `{ "Retry-After": "1" }`. */
  headers?: Record<string, string> | undefined;
  /** How many calls fail; default 1, `Infinity` until `clearFaults()`. */
  times?: number | undefined;
}

/** How many calls wait, for {@link PlantStoreAdmin.delayNext}. */
export interface AdminDelayNextOptions {
  /** How many calls are delayed; default 1, `Infinity` until `clearFaults()`. */
  times?: number | undefined;
}
