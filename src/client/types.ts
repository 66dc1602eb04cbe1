// The API's types, named for users. Every one comes from the generated file, so a change
// to openapi.yaml reaches users through `npm run generate` and nowhere else.
import type { components, paths } from "../contract/generated/openapi.js";

export type { components, paths };

/** A plant as the store returns it (never with `id`). */
export type Plant = components["schemas"]["Plant"];
/** The body of a create request: `name` is required, `id` and `tag` are optional. */
export type NewPlant = components["schemas"]["NewPlant"];
/** The JSON body of every failure: `error` is the HTTP status, `message` one sentence. */
export type PlantStoreErrorBody = components["schemas"]["Error"];
