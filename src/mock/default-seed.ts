import type { SeedPlant } from "./types.js";

/** A handful of public plants every viewer sees, so a fresh mock is never empty. */
export const defaultSeed: readonly SeedPlant[] = Object.freeze([
  Object.freeze({ name: "Monstera deliciosa", tag: "tropical" }),
  Object.freeze({ name: "Snake plant", tag: "succulent" }),
  Object.freeze({ name: "Boston fern", tag: "fern" }),
  Object.freeze({ name: "Fiddle-leaf fig", tag: "tree" }),
  Object.freeze({ name: "Golden pothos", tag: "vine" }),
]);
