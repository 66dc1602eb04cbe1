// The one seeded generator of the package: chaos draws its failures from it and generatePlants
// its plants, so "the same seed gives the same answers (the same plants) on every runtime"
// is one promise, kept by one function.
import { between } from "./number-check.js";

/** The largest seed: seeds are 32-bit unsigned integers. */
export const MAX_SEED = 2 ** 32 - 1;

/** The seed rule in words, for messages that name the option their own way. */
export const SEED_RULE = `an integer from 0 to ${MAX_SEED}`;

export function isSeed(value: number): boolean {
  return between(0, MAX_SEED, true)(value);
}

/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit seeded generator, uniform in [0, 1).
 * Written here rather than taken from a package because it is a few lines, its output must
 * never change under a user's tests (a dependency's update could), and the mock's entries
 * carry no runtime dependency. Integer arithmetic only (Math.imul, >>>), so every JavaScript
 * engine gives the same sequence.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
