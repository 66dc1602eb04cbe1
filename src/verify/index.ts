export type {
  VerifyCheck,
  VerifyFinding,
  VerifyPlantStoreOptions,
  VerifyProgress,
  VerifyReport,
  VerifyResult,
} from "./types.js";
export { PlantStoreVerifyError } from "./verify-error.js";
export { verifyPlantStore } from "./verify-plant-store.js";
