/**
 * A typed client for the standalone server's admin endpoints (`plant-store-mock --admin`),
 * for end-to-end suites: reset, faults, the request journal and the store's contents. Uses
 * only `fetch`: no Node built-ins, no msw. Guide: docs/admin-and-journal.md.
 *
 * @module plant-store-sdk/admin
 */
export { createPlantStoreAdmin } from "./create-plant-store-admin.js";
export { PlantStoreAdminError } from "./errors/PlantStoreAdminError.js";
export type {
  AdminBreakKind,
  AdminBreakNextOptions,
  AdminChaosOptions,
  AdminDelayNextOptions,
  AdminFailNextOptions,
  AdminPlant,
  AdminRequestFilter,
  AdminRespondNextAnswer,
  AdminSandboxIds,
  AdminSandboxOptions,
  AdminWhen,
  ContractViolation,
  CoverageRow,
  components,
  JournalEntry,
  JournalEntryOf,
  PactInteraction,
  PactOptions,
  PartialRequest,
  PlantStoreAdmin,
  PlantStoreAdminOptions,
  PlantStoreAdminSandbox,
  PlantStoreAdminWorld,
  PlantStoreOperation,
  PlantStorePact,
  PlantToLoad,
  RespondNextAnswer,
  ScenarioTimes,
  ShadowSummary,
} from "./types.js";
