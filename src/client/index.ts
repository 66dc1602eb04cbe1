/**
 * The SDK: `createPlantStoreClient`, its errors and the API types generated from
 * `openapi.yaml`. Web standards only, no Node built-in and no msw. Guide: docs/sdk.md.
 *
 * @module plant-store-sdk
 */
export {
  createPlantStoreClient,
  type ListPlantsParams,
  type PlantStoreCallOptions,
  type PlantStoreClient,
  type PlantStoreClientOptions,
  type PlantStoreFetch,
  type PlantStoreRetryOptions,
  type PlantStoreToken,
} from "./client.js";
export { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
export { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";
export { PlantStoreError } from "./errors/PlantStoreError.js";
export { PlantStoreTimeoutError } from "./errors/PlantStoreTimeoutError.js";
export type { components, NewPlant, Plant, PlantStoreErrorBody, paths } from "./types.js";
export { SDK_VERSION } from "./version.js";
