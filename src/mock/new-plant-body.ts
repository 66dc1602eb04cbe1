// Validation of a create body, field by field in a fixed order (body, name, tag, id) so a
// body with several faults always gets the same answer. Only the three known fields are
// read and copied: unknown keys, `__proto__` and `constructor` included, go nowhere.
import { ID_MESSAGE, isPlantId } from "../contract/plant-id.js";
import type { NewPlant } from "./types.js";

export type NewPlantResult = { ok: true; plant: NewPlant } | { ok: false; message: string };

function fail(message: string): NewPlantResult {
  return { ok: false, message };
}

export function parseNewPlant(text: string): NewPlantResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail("The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return fail("The request body must be a JSON object.");
  }
  const { name, tag, id } = body as Record<string, unknown>;
  if (name === undefined) return fail("name is required.");
  if (typeof name !== "string") return fail("name must be a string.");
  if (name.length === 0) return fail("name must not be empty.");
  if (tag !== undefined && typeof tag !== "string") return fail("tag must be a string.");
  if (id !== undefined && !isPlantId(id)) return fail(ID_MESSAGE);

  const plant: NewPlant = { name };
  if (tag !== undefined) plant.tag = tag;
  if (id !== undefined) plant.id = id;
  return { ok: true, plant };
}
