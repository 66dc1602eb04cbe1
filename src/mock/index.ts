/**
 * The reference server without a network: the in-memory store, the `Request -> Response`
 * fetch handler and the MSW handler set (msw is an optional peer). Guide: docs/msw.md.
 *
 * @module plant-store-sdk/mock
 */
export { defaultSeed } from "./default-seed.js";
export { createPlantStoreFetchHandler } from "./fetch-handler.js";
export {
  createPlantStoreHandlers,
  type PlantStoreHandlers,
  type PlantStoreHandlersOptions,
} from "./msw-handlers.js";
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
