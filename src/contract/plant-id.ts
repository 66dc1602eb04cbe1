// The id rule of openapi.yaml's NewPlant (an int64 the store can hold exactly), shared by
// HTTP bodies, the store's direct callers, seed and data files and the admin API.

/** The rule in words, for messages that name the field their own way. */
export const PLANT_ID_RULE = `an integer from 1 to ${Number.MAX_SAFE_INTEGER}`;

/** The 400 message of a create whose `id` breaks the rule. */
export const ID_MESSAGE = `id must be ${PLANT_ID_RULE}.`;

/** A positive safe integer: larger ids cannot be held exactly by JavaScript. */
export function isPlantId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}
