// Public types of the store: what it holds, what it takes, and what it tells a listener.

import type { NewPlant, Plant, SeedPlant, StoredPlant } from "../../contract/plant-types.js";

export type { SeedPlant, StoredPlant };

/** A plant `generatePlants` made: a real common name and a tag that fits it; no id. */
export interface GeneratedPlant {
  name: string;
  tag: string;
}

/** Options of `generatePlants`. */
export interface GeneratePlantsOptions {
  /** An integer from 0 to 2^32 - 1: the same seed gives the same plants on every runtime; default 0. */
  seed?: number | undefined;
}

/** What `PlantStore.create` did: stored the plant under `id`, or nothing because `id` is taken. */
export type CreatePlantResult =
  | { ok: true; id: number; plant: Plant }
  | { ok: false; reason: "duplicate-id"; id: number };

/** The in-memory store behind every way of serving the reference server (`createPlantStore`). */
export interface PlantStore {
  /** The public plants plus `viewer`'s own, oldest first; costs O(limit), not O(size). */
  list(viewer: string, limit?: number): Plant[];
  /**
   * Adds a plant owned by `owner` in O(1); a taken id changes nothing. `owner` is `null`
   * (public) or a bearer token, since viewers are tokens; anything else throws a TypeError.
   */
  create(owner: string | null, input: NewPlant): CreatePlantResult;
  /** Back to the seed the store was created with. */
  reset(): void;
  /** Everything stored, in creation order. */
  entries(): StoredPlant[];
  /** Replaces the contents with `entries`, in the given order (for persistence). */
  load(entries: readonly StoredPlant[]): void;
  /**
   * `listener` runs synchronously after every change, with what changed (persistence
   * appends a create and rewrites the file after a reset or load); returns an
   * unsubscribe function. A listener that throws changes nothing: the change stands, the
   * other listeners still hear it, and the error goes to `console.error`.
   */
  subscribe(listener: (change: PlantStoreChange) => void): () => void;
  readonly size: number;
}

/** What a `subscribe` listener hears: one plant added, or the whole contents replaced. */
export type PlantStoreChange =
  | { readonly kind: "create"; readonly plant: StoredPlant }
  | { readonly kind: "reset" }
  | { readonly kind: "load" };

/** Options of `createPlantStore`. */
export interface PlantStoreOptions {
  /** Public plants the store starts with and returns to on `reset()`; default `defaultSeed`. */
  seed?: readonly SeedPlant[] | undefined;
}
