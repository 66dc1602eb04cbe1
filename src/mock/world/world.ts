// A world: one store, its scenarios and its journal, answering as one. The set's own world and
// every sandbox are each one; a request is served from exactly one of them.
import type { JournalOptions, RequestJournal } from "../journal/journal.js";
import { createRequestJournal } from "../journal/journal.js";
import type { SecretTokens } from "../journal/redaction.js";
import { createScenarioSet, type ScenarioSet } from "../scenarios/scenario-set.js";
import type { Shutdown } from "../scenarios/waiting-requests.js";
import type { PlantStore } from "../store/store-types.js";

/** What the core serves a request from: the set's own world, or a sandbox's. */
export interface World {
  readonly store: PlantStore;
  readonly faults: ScenarioSet;
  readonly journal: RequestJournal;
  /** Store back to its seed, scenarios cleared and waiting requests ended, journal emptied. */
  reset(): void;
}

/** A world of `store`, with scenarios that end on `shutdown` and a journal hiding `secrets`. */
export function createWorld(
  store: PlantStore,
  shutdown: Shutdown,
  secrets: SecretTokens,
  records: JournalOptions,
): World {
  const world: World = {
    store,
    faults: createScenarioSet(shutdown),
    journal: createRequestJournal(secrets, records),
    reset: () => resetWorld(world),
  };
  return world;
}

/**
 * A world's reset: store back to its seed, scenarios cleared and every waiting request ended,
 * journal cleared (coverage is kept).
 */
export function resetWorld({ store, faults, journal }: World): void {
  store.reset();
  faults.clearFaults();
  journal.clear();
  // The plants its callers created are gone: their later lists carry no such provider state.
  journal.pact.forgetState();
}
