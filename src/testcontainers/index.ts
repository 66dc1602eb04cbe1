// plant-store-sdk/testcontainers: the mock server's container image as a Testcontainers module
// (Node 22.22 or newer, as testcontainers 12 needs; testcontainers is an optional peer).
export {
  PlantStoreContainer,
  type PlantStoreContainerGenerateOptions,
} from "./plant-store-container.js";
export {
  PLANT_STORE_PORT,
  type PlantStoreContainerAdminOptions,
  type PlantStoreContainerClientOptions,
  StartedPlantStoreContainer,
} from "./started-plant-store-container.js";
