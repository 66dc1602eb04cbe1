/**
 * The reference server without a network: the in-memory store, the `Request -> Response`
 * fetch handler for any runtime with web-standard fetch, and the fault helpers. Never imports
 * msw (the MSW handler set is `plant-store-sdk/msw`). Guides: docs/msw.md, docs/runtimes.md.
 *
 * @module plant-store-sdk/mock
 */
export { defaultSeed } from "./default-seed.js";
export { createPlantStoreFetchHandler } from "./fetch-handler.js";
export { createPlantStore } from "./store.js";
export type {
  CreatePlantResult,
  DelayNextOptions,
  FailNextOptions,
  NewPlant,
  Plant,
  PlantStore,
  PlantStoreChange,
  PlantStoreErrorBody,
  PlantStoreFaults,
  PlantStoreFetchHandler,
  PlantStoreHandlerOptions,
  PlantStoreOperation,
  PlantStoreOptions,
  SeedPlant,
  StoredPlant,
} from "./types.js";
