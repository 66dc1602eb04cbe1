/**
 * The SDK: `createPlantStoreClient`, its errors and the API types generated from
 * `openapi.yaml`. Web standards only, no Node built-in and no msw. Guide: docs/sdk.md.
 *
 * @module plant-store-sdk
 */
export { createPlantStoreClient, SDK_VERSION } from "./client.js";
export { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
export { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";
export { PlantStoreError } from "./errors/PlantStoreError.js";
export { PlantStoreTimeoutError } from "./errors/PlantStoreTimeoutError.js";
export type {
  components,
  Forwardable,
  ListPlantsParams,
  NewPlant,
  Plant,
  PlantStoreCallOptions,
  PlantStoreClient,
  PlantStoreClientOptions,
  PlantStoreErrorBody,
  PlantStoreFetch,
  PlantStoreRetryOptions,
  PlantStoreToken,
  paths,
} from "./types.js";
