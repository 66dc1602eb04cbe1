/**
 * `verifyPlantStore`, behind the `plant-store-verify` CLI: checks a live Plant Store
 * deployment against openapi.yaml and the documented behaviour. Guide: docs/verify.md.
 *
 * @module plant-store-sdk/verify
 */

export { PlantStoreVerifyError } from "./errors/PlantStoreVerifyError.js";
export type {
  VerifyCheck,
  VerifyFinding,
  VerifyPlantStoreOptions,
  VerifyProgress,
  VerifyReport,
  VerifyResult,
} from "./types.js";
export { verifyPlantStore } from "./verify-plant-store.js";
