// One world as its user holds it in process: the set's own, or a sandbox.

import type { PlantStoreRequestJournal } from "../../contract/journal-entries.js";
import type { PactOptions, PlantStorePact } from "../../contract/pact-document.js";
import type { PlantStoreScenarios } from "../scenarios/scenario-types.js";
import type { PlantStore } from "../store/store-types.js";

/**
 * What one world answers to in process, declared once (msw's SetupServerCommonApi is the
 * model): its store, scenarios and journal, and its reset. The set's own world and every
 * sandbox are one.
 */
export interface PlantStoreWorld extends PlantStoreScenarios, PlantStoreRequestJournal {
  readonly store: PlantStore;
  /**
   * A consumer contract (Pact Specification V4) of the requests this world answered by the
   * contract's rules since it started or the last `clearCoverage()`, the set's including every
   * sandbox: one interaction per request shape, matched by type, no token, no scripted answer
   * and no contract violation (docs/fidelity.md). Bad names throw a TypeError naming the field.
   */
  toPact(options: PactOptions): PlantStorePact;
  /**
   * Between tests: store back to its seed, every scenario cleared and every waiting request
   * ended (it gets no answer), journal emptied; coverage counts are kept.
   */
  reset(): void;
}
