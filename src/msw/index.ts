export {
  createPlantStoreHandlers,
  type PlantStoreHandlers,
  type PlantStoreHandlersOptions,
} from "./handlers.js";
