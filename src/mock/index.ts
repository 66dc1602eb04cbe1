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
  PlantStoreErrorBody,
  PlantStoreFaults,
  PlantStoreFetchHandler,
  PlantStoreHandlerOptions,
  PlantStoreOperation,
  PlantStoreOptions,
  SeedPlant,
  StoredPlant,
} from "./types.js";
