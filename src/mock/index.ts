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
  PlantStoreOperation,
  PlantStoreRequestJournal,
  ReceivedRequest,
  RequestFilter,
  ScriptedBy,
  UnmatchedEntry,
} from "../contract/journal-entries.js";
export type { PactInteraction, PactOptions, PlantStorePact } from "../contract/pact-document.js";
export type {
  NewPlant,
  Plant,
  PlantStoreErrorBody,
  SeedPlant,
  StoredPlant,
} from "../contract/plant-types.js";
export type {
  DeclaredAnswer,
  ErrorStatus,
  PartialRequest,
  ScenarioTimes,
  ScriptedHeaders,
} from "../contract/scripted-answer-types.js";
export type { PlantStoreFetchHandler } from "../fetch/fetch-handler.js";
export { createPlantStoreFetchHandler } from "../fetch/fetch-handler.js";
export type { PlantStoreAdminOption } from "./admin-api/admin-access.js";
export type { AdminPlant } from "./admin-api/admin-api.js";
export { createLandingPage, type LandingPageOptions } from "./landing-page/landing-page.js";
export type { LandingPage } from "./landing-page/landing-page-route.js";
export type { CreateSandboxOptions, PlantStoreSandbox } from "./sandboxes/sandbox-types.js";
export type { BreakKind } from "./scenarios/break-kinds.js";
export { BREAK_KINDS } from "./scenarios/break-kinds.js";
export type {
  BreakNextOptions,
  ChaosFailure,
  ChaosOptions,
  DelayNextOptions,
  FailNextOptions,
  PlantStoreFaults,
  PlantStoreScenarios,
  RespondNextAnswer,
  RespondNextExtras,
  RespondWithAnswer,
  ScenarioWhen,
} from "./scenarios/scenario-types.js";
export type { PlantStoreFetchHandlerOptions, PlantStoreMockOptions } from "./serving-options.js";
export { generatePlants } from "./store/generated-plants.js";
export { createPlantStore, defaultSeed } from "./store/store.js";
export type {
  CreatePlantResult,
  GeneratedPlant,
  GeneratePlantsOptions,
  PlantStore,
  PlantStoreChange,
  PlantStoreOptions,
} from "./store/store-types.js";
