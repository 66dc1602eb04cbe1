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
