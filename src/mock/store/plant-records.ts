// The store's records: the data layout behind createPlantStore, the set of ids in use, and the
// guards of its direct callers (the plant rules themselves are the contract's, plant-fields.ts).
import { BEARER_TOKEN_RULE, isBearerToken } from "../../contract/bearer-token.js";
import { plantInputProblem } from "../../contract/plant-fields.js";
import type { NewPlant, Plant, StoredPlant } from "../../contract/plant-types.js";

// The store's data layout. Every plant is in `all` (creation order) and in exactly one
// of `publicPlants` or its owner's sequence, so a viewer's list is a lazy merge of two
// already-ordered arrays: O(limit) however many plants other owners hold.

export interface PlantRecord {
  readonly id: number;
  readonly owner: string | null;
  /** Position in creation order; orders the merge of public and own plants. */
  readonly seq: number;
  /** What viewers get: frozen, never with `id`, shared by every list call. */
  readonly view: Plant;
}

export interface StoreState {
  all: PlantRecord[];
  publicPlants: PlantRecord[];
  byOwner: Map<string, PlantRecord[]>;
  ids: PlantIds;
}

export function emptyState(): StoreState {
  return { all: [], publicPlants: [], byOwner: new Map(), ids: new PlantIds() };
}

/** Appends a plant whose id is known to be free. */
export function addRecord(
  state: StoreState,
  id: number,
  owner: string | null,
  name: string,
  tag: string | undefined,
): PlantRecord {
  const view: Plant = Object.freeze(tag === undefined ? { name } : { name, tag });
  const record: PlantRecord = { id, owner, seq: state.all.length, view };
  state.all.push(record);
  state.ids.add(id);
  if (owner === null) {
    state.publicPlants.push(record);
  } else {
    const own = state.byOwner.get(owner);
    if (own === undefined) state.byOwner.set(owner, [record]);
    else own.push(record);
  }
  return record;
}

export function toStoredPlant(record: PlantRecord): StoredPlant {
  const { id, owner, view } = record;
  return view.tag === undefined
    ? { id, name: view.name, owner }
    : { id, name: view.name, tag: view.tag, owner };
}

/**
 * Guards the store's direct callers (seeds, persistence files, tests); HTTP input is checked
 * earlier. `where` names the input in the message: a string, or a function (a load of a
 * million plants builds no label it does not need).
 */
export function assertPlantInput(input: NewPlant, where: string | (() => string)): void {
  const problem = plantInputProblem(input);
  if (problem !== undefined) {
    throw new TypeError(`${typeof where === "string" ? where : where()}: ${problem}`);
  }
}

/**
 * Owners are the bearer tokens that created the plants: a viewer can only ever be such a
 * token, so a plant stored under anything else would be in no list at all.
 */
export function assertOwner(owner: unknown, where: string): asserts owner is string | null {
  if (owner !== null && !isBearerToken(owner)) {
    throw new TypeError(`${where}: owner must be null (a public plant) or ${BEARER_TOKEN_RULE}.`);
  }
}

/**
 * The plant ids in use. Ids are handed out lowest-free-first, so the taken ids are a dense
 * run 1..n plus whatever was claimed explicitly above it: only those few need a set entry.
 * A store that numbers its own plants keeps the set empty, so a create costs no hash insert
 * however many plants are stored (a Set grows slower to insert into as it grows, and cannot
 * hold more than 2^24 entries at all).
 */
export class PlantIds {
  /** The lowest free id: every id below it is taken, and it is not. */
  #free = 1;
  /** Taken ids above `#free`. */
  readonly #above = new Set<number>();

  /** The id a plant created without one gets. */
  get free(): number {
    return this.#free;
  }

  has(id: number): boolean {
    return id < this.#free || this.#above.has(id);
  }

  /** Marks a free id as taken. */
  add(id: number): void {
    if (id !== this.#free) {
      this.#above.add(id);
      return;
    }
    // Past the run just joined: explicit ids right above it become part of the dense run.
    do this.#free++;
    while (this.#above.delete(this.#free));
  }
}

/** The first id used twice in `records` (records with no id are skipped), or undefined. */
export function findDuplicateId(records: readonly { id?: number }[]): number | undefined {
  const seen = new Set<number>();
  for (const { id } of records) {
    if (id === undefined) continue;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
