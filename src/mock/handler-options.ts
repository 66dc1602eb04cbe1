// The options every way of serving the core accepts, checked once where they enter, with
// defaults filled in.
import { createPlantStore } from "./store.js";
import type { PlantStore, PlantStoreHandlerOptions } from "./types.js";

export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

export interface CheckedHandlerOptions {
  store: PlantStore;
  tokens: readonly string[] | undefined;
  createStatus: 200 | 201;
  maxBodyBytes: number;
  corsOrigin: string | null;
  /** "" or "/v1": no trailing slash. */
  basePath: string;
}

export function checkHandlerOptions(options: PlantStoreHandlerOptions): CheckedHandlerOptions {
  const createStatus = options.createStatus ?? 201;
  if (createStatus !== 200 && createStatus !== 201) {
    throw new RangeError("createStatus must be 200 or 201.");
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) {
    throw new RangeError("maxBodyBytes must be a positive integer.");
  }
  return {
    store: options.store ?? createPlantStore({ seed: options.seed }),
    tokens: options.tokens,
    createStatus,
    maxBodyBytes,
    corsOrigin: options.corsOrigin === undefined ? "*" : options.corsOrigin,
    basePath: normaliseBasePath(options.basePath ?? ""),
  };
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  if (trimmed === "" || trimmed.startsWith("/")) return trimmed;
  return `/${trimmed}`;
}
