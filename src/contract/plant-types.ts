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

/**
 * `T` with `undefined` allowed in each optional field, so a caller compiled with
 * `exactOptionalPropertyTypes` may forward a value it may not have (it means "left out").
 */
export type Forwardable<T> = {
  [K in keyof T]: Record<never, never> extends Pick<T, K> ? T[K] | undefined : T[K];
};
