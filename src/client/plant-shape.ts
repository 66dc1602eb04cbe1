import type { Plant } from "./types.js";

// What the contract promises a 2xx body holds. These run on every answer, so they check only
// what a caller relies on (the types), in one pass with no allocation.

/** A Plant: `name` a string, `tag` absent or a string (other fields are let through). */
export const isPlant = (value: unknown): value is Plant =>
  typeof (value as Plant | null)?.name === "string" &&
  ((value as Plant).tag === undefined || typeof (value as Plant).tag === "string");

/** An array of Plants. */
export const isPlantList = (value: unknown): value is Plant[] =>
  Array.isArray(value) && value.every(isPlant);
