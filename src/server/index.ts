/**
 * Node only: the standalone server, `startPlantStoreServer`, behind the `plant-store-mock`
 * CLI. Guide: docs/server.md.
 *
 * @module plant-store-sdk/server
 */

export type {
  ContractViolation,
  CoverageRow,
  CreatePlantEntry,
  JournalEntry,
  ListPlantsEntry,
  PlantStoreCoverage,
  PlantStoreRequestJournal,
  RequestFilter,
  UnmatchedEntry,
} from "../contract/journal-entries.js";
export type { PactInteraction, PactOptions, PlantStorePact } from "../contract/pact-document.js";
export type { SeedPlant, StoredPlant } from "../contract/plant-types.js";
export type { ShadowSummary } from "../contract/shadow-summary.js";
export type { PlantStoreAdminOption } from "../mock/admin-api/admin-access.js";
export type { PlantStore } from "../mock/store/store-types.js";
export { PlantStoreDataFileError } from "./errors/PlantStoreDataFileError.js";
export type { FsyncPolicy } from "./persistence/data-log.js";
export {
  DEFAULT_TIMEOUTS,
  DEMO_TOKEN,
  type PlantStoreServerLog,
  type PlantStoreServerOptions,
  type PlantStoreServerTimeouts,
  type PlantStoreShadowOptions,
} from "./server-options.js";
export { type PlantStoreServer, startPlantStoreServer } from "./start-server.js";
