/**
 * The mock server's container image as a Testcontainers module: `new PlantStoreContainer()`
 * starts `plant-store-mock:<this version>` (built by `npm run image`), configured like the
 * CLI, and hands out the SDK and admin clients for it. Node 22.22 or newer, as testcontainers 12
 * needs; `testcontainers` is an optional peer dependency. Guide: docs/container.md.
 *
 * @module plant-store-sdk/testcontainers
 */
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
