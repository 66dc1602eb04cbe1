// The API's plant and Error shapes every layer names (the SDK, the mock, the admin client, the
// verifier), taken from the generated contract types: a change to openapi.yaml reaches them all
// through `npm run generate` and nowhere else.
import type { components } from "./generated/openapi.js";

/** A plant as the store returns it (never with `id`). */
export type Plant = components["schemas"]["Plant"];
/** The body of a create request: `name` is required, `id` and `tag` are optional. */
export type NewPlant = components["schemas"]["NewPlant"];
/** The JSON body of every failure: `error` is the HTTP status, `message` one sentence. */
export type PlantStoreErrorBody = components["schemas"]["Error"];

// The plants the store holds, as its users and the admin API name them.

/** A plant to put in the store before any request: always public. */
export interface SeedPlant {
  name: string;
  tag?: string | undefined;
  /** Optional explicit id; without one the store assigns the next free id. */
  id?: number | undefined;
}

/** One stored plant as `entries()` returns it and `load()` accepts it. */
export interface StoredPlant {
  id: number;
  name: string;
  tag?: string | undefined;
  /** The token that created it, or `null` for a public (seed) plant. */
  owner: string | null;
}

/**
 * `T` with `undefined` allowed in each optional field, so a caller compiled with
 * `exactOptionalPropertyTypes` may forward a value it may not have (it means "left out").
 */
export type Forwardable<T> = {
  [K in keyof T]: Record<never, never> extends Pick<T, K> ? T[K] | undefined : T[K];
};
