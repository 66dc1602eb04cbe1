// generatePlants(count, { seed }): plants that look real for a demo or a seed, drawn from the
// built-in list of common names (plant-names.ts) by the package's one seeded generator, so a
// seed gives the same plants on every run and every runtime. The list is shuffled afresh for
// each pass over it: no name repeats before every name has been used once.
import { checkNumber, wholeFrom } from "../../contract/number-check.js";
import { checkOptionNames } from "../../contract/option-names.js";
import { isSeed, mulberry32, SEED_RULE } from "../../contract/seeded-random.js";
import { PLANT_NAMES_BY_TAG } from "./plant-names.js";
import type { GeneratedPlant, GeneratePlantsOptions } from "./store-types.js";

/** The most plants one call generates: a million is a store the benchmarks hold at ease. */
export const MAX_GENERATED_PLANTS = 1_000_000;

// `satisfies` keeps this list complete: a new option does not compile until it is listed.
const OPTIONS = { seed: true } satisfies Record<keyof GeneratePlantsOptions, true>;
const PREFIX = "generatePlants: ";

let catalogue: readonly GeneratedPlant[] | undefined;

/** Every name with its tag, frozen, built at the first call rather than at every import. */
function plantCatalogue(): readonly GeneratedPlant[] {
  catalogue ??= Object.freeze(
    Object.entries(PLANT_NAMES_BY_TAG).flatMap(([tag, names]) =>
      names.map((name) => Object.freeze({ name, tag })),
    ),
  );
  return catalogue;
}

/**
 * `count` public plants with real common names and fitting tags, the same for the same
 * `seed` (default 0) on every runtime: a seed for `createPlantStore`, the serving entries'
 * `seed` option or a sandbox. No plant has an `id` (the store gives them the next free ones).
 * `count` is an integer from 0 to 1,000,000 and `seed` one from 0 to 2^32 - 1: a TypeError
 * for another type, a RangeError for a number outside, naming the argument.
 */
export function generatePlants(
  count: number,
  options: GeneratePlantsOptions = {},
): GeneratedPlant[] {
  checkNumber(
    count,
    (n) => wholeFrom(0)(n) && n <= MAX_GENERATED_PLANTS,
    `${PREFIX}count must be an integer from 0 to ${MAX_GENERATED_PLANTS}.`,
  );
  checkOptionNames(options, OPTIONS, PREFIX);
  const seed =
    options.seed === undefined
      ? 0
      : checkNumber(options.seed, isSeed, `${PREFIX}seed must be ${SEED_RULE}.`);
  const random = mulberry32(seed);
  const names = plantCatalogue();
  const order = names.map((_, index) => index);
  const plants: GeneratedPlant[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const place = i % order.length;
    if (place === 0) shuffle(order, random);
    const { name, tag } = names[order[place] as number] as GeneratedPlant;
    plants[i] = { name, tag };
  }
  return plants;
}

/** Fisher-Yates, in place, with the seeded generator. */
function shuffle(items: number[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const item = items[i] as number;
    items[i] = items[j] as number;
    items[j] = item;
  }
}
