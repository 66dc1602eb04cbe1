export type { PlantStoreAdminOptions } from "./admin-options.js";
export type {
  AdminDelayNextOptions,
  AdminFailNextOptions,
  AdminPlant,
  JournalEntry,
  PlantStoreOperation,
  PlantToLoad,
} from "./admin-types.js";
export { createPlantStoreAdmin, type PlantStoreAdmin } from "./create-plant-store-admin.js";
export { PlantStoreAdminError } from "./plant-store-admin-error.js";
