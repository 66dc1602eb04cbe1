// The store's data layout. Every plant is in `all` (creation order) and in exactly one
// of `publicPlants` or its owner's sequence, so a viewer's list is a lazy merge of two
// already-ordered arrays: O(limit) however many plants other owners hold.

import { BEARER_TOKEN_RULE, isBearerToken } from "../contract/bearer-token.js";
import { ID_MESSAGE, isPlantId } from "../contract/plant-id.js";
import { PlantIds } from "./plant-ids.js";
import type { NewPlant, Plant, StoredPlant } from "./types.js";

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

/** Guards the store's direct callers (seeds, persistence files, tests); HTTP input is validated earlier. */
/** `where` names the input in the message: a string, or a function (a load of a million plants builds no label it does not need). */
export function assertPlantInput(input: NewPlant, where: string | (() => string)): void {
  const problem = plantInputProblem(input);
  if (problem !== undefined) {
    throw new TypeError(`${typeof where === "string" ? where : where()}: ${problem}`);
  }
}

function plantInputProblem(input: NewPlant): string | undefined {
  if (typeof input !== "object" || input === null) return "a plant must be an object.";
  if (typeof input.name !== "string" || input.name.length === 0) {
    return "name must be a non-empty string.";
  }
  if (input.tag !== undefined && typeof input.tag !== "string") return "tag must be a string.";
  if (input.id !== undefined && !isPlantId(input.id)) {
    return ID_MESSAGE;
  }
  return undefined;
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
