// What every serving entry hands its user beside the serving itself: its world, and sandboxes.

import type { CreateSandboxOptions, PlantStoreSandbox } from "../sandboxes/sandbox-types.js";
import type { PlantStoreWorld } from "./world-types.js";

/**
 * What every serving entry hands its user beside the serving itself (the fetch handler, the
 * MSW handler set, the server object): its world, and sandboxes. Each entry's type extends it.
 */
export interface PlantStoreInProcess extends PlantStoreWorld {
  /** An isolated world entered through its own `psb_` token (docs/sandboxes.md). */
  createSandbox(options?: CreateSandboxOptions): PlantStoreSandbox;
}
