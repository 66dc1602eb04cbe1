// Public types of sandboxes: isolated worlds entered through their own `psb_` tokens.

import type { SeedPlant } from "../../contract/plant-types.js";
import type { PlantStoreWorld } from "../world/world-types.js";

/** Options of `createSandbox`. */
export interface CreateSandboxOptions {
  /** The public plants the sandbox starts with and returns to; default the set's own seed. */
  seed?: readonly SeedPlant[] | undefined;
}

/** One sandbox as its creator holds it; every method acts on this sandbox alone. */
export interface PlantStoreSandbox extends PlantStoreWorld {
  /** Names the sandbox on the admin API; not a secret. */
  readonly id: string;
  /** Its first bearer token: a secret. */
  readonly token: string;
  /** Another caller's token in this sandbox (sees the public plants and its own). */
  createToken(): string;
  /**
   * Its tokens stop working (401 saying the sandbox is closed), its waiting requests end (no
   * answer) and its memory is freed; what it answered stays in the set's coverage.
   */
  close(): void;
}
