/**
 * The reference server without a network: the in-memory store, the `Request -> Response`
 * fetch handler for any runtime with web-standard fetch, and the fault helpers. Never imports
 * msw (the MSW handler set is `plant-store-sdk/msw`). Guides: docs/msw.md, docs/runtimes.md.
 *
 * @module plant-store-sdk/mock
 */

export type {
  ContractViolation,
  CoverageRow,
  CreatePlantBody,
  CreatePlantEntry,
  JournalEntry,
  JournalEntryOf,
  JournalQuery,
  ListPlantsEntry,
  ListPlantsQuery,
  PlantStoreCoverage,
  PlantStoreRequestJournal,
  ReceivedRequest,
  RequestFilter,
  ScriptedBy,
  UnmatchedEntry,
} from "../contract/journal-entries.js";
export type { PactInteraction, PactOptions, PlantStorePact } from "../contract/pact-document.js";
export { createPlantStoreFetchHandler } from "../fetch/fetch-handler.js";
export type { PlantStoreAdminOption } from "./admin-api/admin-access.js";
export type { AdminPlant } from "./admin-api/admin-api.js";
export { createLandingPage, type LandingPageOptions } from "./landing-page/landing-page.js";
export type { LandingPage } from "./landing-page/landing-page-route.js";
export { BREAK_KINDS } from "./scenarios/break-kinds.js";
export { generatePlants } from "./store/generated-plants.js";
export { createPlantStore, defaultSeed } from "./store/store.js";
export type {
  BreakKind,
  BreakNextOptions,
  ChaosFailure,
  ChaosOptions,
  CreatePlantResult,
  CreateSandboxOptions,
  DeclaredAnswer,
  DelayNextOptions,
  ErrorStatus,
  FailNextOptions,
  GeneratedPlant,
  GeneratePlantsOptions,
  NewPlant,
  PartialRequest,
  Plant,
  PlantStore,
  PlantStoreChange,
  PlantStoreErrorBody,
  PlantStoreFaults,
  PlantStoreFetchHandler,
  PlantStoreFetchHandlerOptions,
  PlantStoreMockOptions,
  PlantStoreOperation,
  PlantStoreOptions,
  PlantStoreSandbox,
  RespondNextAnswer,
  RespondNextExtras,
  RespondWithAnswer,
  ScenarioWhen,
  ScriptedHeaders,
  SeedPlant,
  StoredPlant,
} from "./types.js";
