// The options every way of serving the core accepts, checked once where they enter, with
// defaults filled in. Each rule is one exported function that the server and the CLI reuse
// under their own names (`--cors-origin`), so a value means the same wherever it is given.

import { checkOptionNames } from "../contract/option-names.js";
import { ADMIN_PREFIX, isAdminPath } from "./admin/admin-api.js";
import { checkBasePath } from "./base-path.js";
import { checkCorsOrigin } from "./cors-origin.js";
import type { PlantStoreCoreOptions } from "./plant-store-core.js";
import { createPlantStore } from "./store.js";
import { checkTokens } from "./tokens.js";
import type { PlantStore, SeedPlant } from "./types.js";

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

// `satisfies` keeps this list complete: a new option does not compile until it is listed.
// `false` marks the core's own options (passed by adapters), accepted but not advertised.
const HANDLER_OPTIONS = {
  store: true,
  seed: true,
  tokens: true,
  createStatus: true,
  basePath: true,
  maxBodyBytes: true,
  corsOrigin: true,
  admin: true,
  landingPage: true,
  commit: false,
} satisfies Record<keyof PlantStoreCoreOptions, boolean>;

export function checkHandlerOptions(options: PlantStoreCoreOptions): CheckedHandlerOptions {
  checkOptionNames(options, HANDLER_OPTIONS);
  if (options.commit !== undefined && typeof options.commit !== "function") {
    throw new TypeError("commit must be a function.");
  }
  const seed = checkSeed(options.seed);
  const store =
    options.store === undefined ? createPlantStore({ seed }) : checkStore(options.store, seed);
  const basePath = checkBasePath(options.basePath);
  checkBasePathBesideAdmin(basePath, options.admin);
  return {
    store,
    tokens: checkTokens(options.tokens),
    createStatus: checkCreateStatus(options.createStatus),
    maxBodyBytes: checkMaxBodyBytes(options.maxBodyBytes),
    corsOrigin: checkCorsOrigin(options.corsOrigin),
    basePath,
  };
}

/**
 * With the admin endpoints on, every path under /__admin is theirs: an API served there
 * would be shadowed by them (creates refused, the plants listed without a token).
 */
export function checkBasePathBesideAdmin(
  basePath: string,
  admin: unknown,
  name = "basePath",
): void {
  if (admin === undefined || admin === false || !isAdminPath(basePath)) return;
  throw new RangeError(
    `${name} ${basePath} is under ${ADMIN_PREFIX}, where the admin endpoints answer; choose another base path.`,
  );
}

export function checkCreateStatus(value: unknown, name = "createStatus"): 200 | 201 {
  if (value === undefined) return 201;
  if (value === 200 || value === 201) return value;
  const message = `${name} must be 200 or 201.`;
  throw typeof value === "number" ? new RangeError(message) : new TypeError(message);
}

export function checkMaxBodyBytes(value: unknown, name = "maxBodyBytes"): number {
  if (value === undefined) return DEFAULT_MAX_BODY_BYTES;
  const message = `${name} must be a whole number of bytes, 1 or more.`;
  if (typeof value !== "number") throw new TypeError(message);
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(message);
  return value;
}

/** An array; each plant is checked by the store, which names `seed[i]`. */
export function checkSeed(value: unknown, name = "seed"): readonly SeedPlant[] | undefined {
  if (value === undefined || Array.isArray(value)) return value;
  throw new TypeError(`${name} must be an array of plants, such as [{ name: "Aloe" }].`);
}

const STORE_METHODS = ["list", "create", "reset", "entries", "load", "subscribe"] as const;

/** Something with the PlantStore methods; a seed next to it would be silently ignored. */
export function checkStore(value: unknown, seed: readonly SeedPlant[] | undefined): PlantStore {
  if (typeof value !== "object" || value === null) {
    throw new TypeError("store must be a PlantStore, as createPlantStore() returns.");
  }
  const missing = STORE_METHODS.find(
    (method) => typeof (value as Record<string, unknown>)[method] !== "function",
  );
  if (missing !== undefined) {
    throw new TypeError(`store must be a PlantStore: it has no ${missing}() method.`);
  }
  if (seed !== undefined) {
    throw new TypeError("Give store or seed, not both: seed only fills a store created for you.");
  }
  return value as PlantStore;
}
