export type { PlantStore, SeedPlant, StoredPlant } from "../mock/types.js";
export { DEMO_TOKEN } from "./demo-token.js";
export { PlantStoreDataFileError } from "./persistence/data-file.js";
export { DEFAULT_TIMEOUTS, type PlantStoreServerOptions } from "./server-options.js";
export { type PlantStoreServer, startPlantStoreServer } from "./start-server.js";
