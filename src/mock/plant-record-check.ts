// Seed files, data files and the admin API's PUT /__admin/plants bodies are written by hand
// or by an older run, so all are checked field by field before the store sees them, with a
// message that names the item and field.
import { isPlantId, PLANT_ID_RULE } from "../contract/plant-id.js";

/** Why `value` is not a plant record (a seed plant, or a stored one with `requireId`), or undefined. */
export function findPlantRecordProblem(
  value: unknown,
  options: { requireId: boolean },
): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "must be an object with a name";
  }
  const record = value as Record<string, unknown>;
  if (typeof record.name !== "string" || record.name.length === 0) {
    return '"name" must be a non-empty string';
  }
  if (record.tag !== undefined && typeof record.tag !== "string") {
    return '"tag" must be a string';
  }
  if (record.id === undefined) {
    return options.requireId ? '"id" is missing' : undefined;
  }
  if (!isPlantId(record.id)) return `"id" must be ${PLANT_ID_RULE}`;
  return undefined;
}

/** The first id used twice in `records` (records with no id are skipped), or undefined. */
export function findDuplicateId(records: readonly { id?: number }[]): number | undefined {
  const seen = new Set<number>();
  for (const { id } of records) {
    if (id === undefined) continue;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
