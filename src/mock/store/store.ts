// The in-memory Plant Store: public seed plants plus each owner's own plants.

import { between } from "../../contract/number-check.js";
import type { NewPlant, Plant, SeedPlant, StoredPlant } from "../../contract/plant-types.js";
import {
  addRecord,
  assertOwner,
  assertPlantInput,
  emptyState,
  PlantIds,
  type PlantRecord,
  type StoreState,
  toStoredPlant,
} from "./plant-records.js";
import type {
  CreatePlantResult,
  PlantStore,
  PlantStoreChange,
  PlantStoreOptions,
} from "./store-types.js";

/** A handful of public plants every viewer sees, so a fresh mock is never empty. */
export const defaultSeed: readonly SeedPlant[] = Object.freeze([
  Object.freeze({ name: "Monstera deliciosa", tag: "tropical" }),
  Object.freeze({ name: "Snake plant", tag: "succulent" }),
  Object.freeze({ name: "Boston fern", tag: "fern" }),
  Object.freeze({ name: "Fiddle-leaf fig", tag: "tree" }),
  Object.freeze({ name: "Golden pothos", tag: "vine" }),
]);

const NO_PLANTS: readonly PlantRecord[] = Object.freeze([]);
const RESET: PlantStoreChange = Object.freeze({ kind: "reset" });
const LOAD: PlantStoreChange = Object.freeze({ kind: "load" });
const LISTENER_FAILED =
  "plant-store: a subscribe() listener threw; the change it was told about stands:";

/** The in-memory Plant Store: public seed plants plus each owner's own plants. */
export function createPlantStore(options: PlantStoreOptions = {}): PlantStore {
  const seed = options.seed === undefined ? defaultSeed : options.seed;
  // Built once up front so a bad seed fails at creation, not at the first reset().
  const seedEntries = seedToEntries(seed);
  let state = stateFrom(seedEntries, "seed");
  const listeners = new Set<(change: PlantStoreChange) => void>();

  // The change has happened when listeners hear of it: a listener that throws (a test's
  // expect, say) cannot undo it, so it must not turn the change into an error either, nor
  // keep the listeners after it from hearing. Its error is reported, never thrown.
  function changed(change: PlantStoreChange): void {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        console.error(LISTENER_FAILED, error);
      }
    }
  }

  return {
    list(viewer: string, limit?: number): Plant[] {
      if (limit !== undefined && !between(0, Number.POSITIVE_INFINITY, true)(limit)) {
        throw new RangeError("list: limit must be a non-negative integer.");
      }
      const max = limit ?? Number.POSITIVE_INFINITY;
      const pub = state.publicPlants;
      const own = state.byOwner.get(viewer) ?? NO_PLANTS;
      const result: Plant[] = [];
      let p = 0;
      let o = 0;
      while (result.length < max) {
        const nextPublic = pub[p];
        const nextOwn = own[o];
        if (nextPublic === undefined) {
          if (nextOwn === undefined) break;
          result.push(nextOwn.view);
          o++;
        } else if (nextOwn === undefined || nextPublic.seq < nextOwn.seq) {
          result.push(nextPublic.view);
          p++;
        } else {
          result.push(nextOwn.view);
          o++;
        }
      }
      return result;
    },

    create(owner: string | null, input: NewPlant): CreatePlantResult {
      assertOwner(owner, "create");
      assertPlantInput(input, "create");
      if (input.id !== undefined && state.ids.has(input.id)) {
        return { ok: false, reason: "duplicate-id", id: input.id };
      }
      const id = input.id ?? state.ids.free;
      const record = addRecord(state, id, owner, input.name, input.tag);
      // The event object is only built when someone listens: creates stay allocation-light.
      if (listeners.size > 0) changed({ kind: "create", plant: toStoredPlant(record) });
      return { ok: true, id, plant: record.view };
    },

    reset(): void {
      state = stateFrom(seedEntries, "seed");
      changed(RESET);
    },

    entries(): StoredPlant[] {
      return state.all.map(toStoredPlant);
    },

    load(entries: readonly StoredPlant[]): void {
      // Built aside and swapped in whole: a bad entry leaves the store as it was.
      state = stateFrom(entries, "load");
      changed(LOAD);
    },

    subscribe(listener: (change: PlantStoreChange) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    get size(): number {
      return state.all.length;
    },
  };
}

/**
 * A seed checked by the store's rules and copied, each plant frozen: an array the caller
 * changes later (a push, a reverse) changes nothing a store or sandbox starts from.
 */
export function copySeed(seed: readonly SeedPlant[]): readonly SeedPlant[] {
  seedToEntries(seed);
  return Object.freeze(
    seed.map(({ name, tag, id }) =>
      Object.freeze({
        name,
        ...(tag === undefined ? {} : { tag }),
        ...(id === undefined ? {} : { id }),
      }),
    ),
  );
}

/** Seed plants get their ids now, in order, so every reset() rebuilds the same store. */
function seedToEntries(seed: readonly SeedPlant[]): StoredPlant[] {
  if (!Array.isArray(seed)) {
    throw new TypeError('seed must be an array of plants, such as [{ name: "Aloe" }].');
  }
  // Explicit seed ids are reserved first, so an assigned id can never collide with one.
  const taken = new PlantIds();
  for (const [index, plant] of seed.entries()) {
    assertPlantInput(plant, `seed[${index}]`);
    if (plant.id === undefined) continue;
    if (taken.has(plant.id)) throw new RangeError(`seed[${index}]: id ${plant.id} is used twice.`);
    taken.add(plant.id);
  }
  return seed.map((plant) => {
    const id = plant.id ?? taken.free;
    taken.add(id);
    return plant.tag === undefined
      ? { id, name: plant.name, owner: null }
      : { id, name: plant.name, tag: plant.tag, owner: null };
  });
}

function stateFrom(entries: readonly StoredPlant[], where: string): StoreState {
  if (!Array.isArray(entries)) {
    throw new TypeError(
      `${where}: entries must be an array of stored plants, as entries() returns.`,
    );
  }
  const state = emptyState();
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as StoredPlant;
    // Built only for a message, not for every plant of a load that may hold a million.
    const label = () => `${where}[${index}]`;
    assertPlantInput(entry, label);
    if (entry.id === undefined) throw new TypeError(`${label()}: id is missing.`);
    if (state.ids.has(entry.id)) {
      throw new RangeError(`${label()}: id ${entry.id} is used twice.`);
    }
    // Not the bearer-token rule of create(): persistence loads owners whose token is no
    // longer accepted under their "sha256:" key, kept invisible but not lost.
    if (entry.owner !== null && typeof entry.owner !== "string") {
      throw new TypeError(`${label()}: owner must be a string or null.`);
    }
    addRecord(state, entry.id, entry.owner, entry.name, entry.tag);
  }
  return state;
}
