// What a `--seed` file must hold, checked item by item: the CLI reads it from the file, the
// Testcontainers module (withSeed) from its argument, and both refuse the same mistakes with the
// same sentences, each starting with where the plants came from.
import { findPlantRecordProblem } from "../../contract/plant-fields.js";
import type { SeedPlant } from "../../contract/plant-types.js";
import { findDuplicateId } from "../../mock/store/plant-records.js";

/**
 * The plants of `data`, a parsed seed file: an array of `{ name, tag?, id? }` (other fields
 * dropped). A mistake throws a TypeError whose message starts with `source` ("--seed plants.json").
 */
export function checkSeedPlants(data: unknown, source: string): SeedPlant[] {
  if (!Array.isArray(data)) {
    throw new TypeError(`${source}: must be a JSON array of plants.`);
  }
  const seed = data.map((item: unknown, index): SeedPlant => {
    const problem = findPlantRecordProblem(item, { requireId: false });
    if (problem !== undefined) throw new TypeError(`${source}: item ${index}: ${problem}.`);
    const { name, tag, id } = item as SeedPlant;
    return { name, ...(tag === undefined ? {} : { tag }), ...(id === undefined ? {} : { id }) };
  });
  const duplicate = findDuplicateId(seed);
  if (duplicate !== undefined) {
    throw new TypeError(`${source}: id ${duplicate} is used twice.`);
  }
  return seed;
}
