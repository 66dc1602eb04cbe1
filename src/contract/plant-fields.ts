// The rules of a plant's fields (openapi.yaml's NewPlant: `name` a non-empty string, `tag` a
// string, `id` by plant-id.ts) and every message they give, wherever a plant comes from: a
// create body over HTTP (the contract's 400 messages, one per fault, docs/contract.md), a
// plant handed to the store in code, a record in a seed or data file or an admin body, and
// the SDK's own check before it sends a create.
import { ID_MESSAGE, isPlantId, PLANT_ID_RULE } from "./plant-id.js";
import type { NewPlant } from "./plant-types.js";

/** The name rule in words, for messages that name the field their own way. */
export const PLANT_NAME_RULE = "a non-empty string";

export function isPlantName(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

/** The tag rule in words; a tag is optional, so `undefined` passes it too. */
export const PLANT_TAG_RULE = "a string";

export function isPlantTag(value: unknown): value is string | undefined {
  return value === undefined || typeof value === "string";
}

export type NewPlantResult = { ok: true; plant: NewPlant } | { ok: false; message: string };

const fail = (message: string): NewPlantResult => ({ ok: false, message });

/**
 * A create body by the contract's rules, field by field in a fixed order (body, name, tag,
 * id), so a body with several faults always gets the same 400. Only the three known fields
 * are read and copied: unknown keys, `__proto__` and `constructor` included, go nowhere.
 */
export function checkNewPlant(body: unknown): NewPlantResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return fail("The request body must be a JSON object.");
  }
  const { name, tag, id } = body as Record<string, unknown>;
  if (name === undefined) return fail("name is required.");
  if (typeof name !== "string") return fail("name must be a string.");
  if (name.length === 0) return fail("name must not be empty.");
  if (!isPlantTag(tag)) return fail(`tag must be ${PLANT_TAG_RULE}.`);
  if (id !== undefined && !isPlantId(id)) return fail(ID_MESSAGE);

  const plant: NewPlant = { name };
  if (tag !== undefined) plant.tag = tag;
  if (id !== undefined) plant.id = id;
  return { ok: true, plant };
}

/** Why a plant handed to the store in code is not one, or undefined. */
export function plantInputProblem(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null) return "a plant must be an object.";
  const { name, tag, id } = input as Record<string, unknown>;
  if (!isPlantName(name)) return `name must be ${PLANT_NAME_RULE}.`;
  if (!isPlantTag(tag)) return `tag must be ${PLANT_TAG_RULE}.`;
  if (id !== undefined && !isPlantId(id)) return ID_MESSAGE;
  return undefined;
}

/**
 * Why `value` is not a plant record of a seed file, a data file or an admin body (`requireId`:
 * a stored one), or undefined. These are written by hand or by an older run, so the message
 * quotes the field as the file spells it.
 */
export function findPlantRecordProblem(
  value: unknown,
  options: { requireId: boolean },
): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "must be an object with a name";
  }
  const record = value as Record<string, unknown>;
  if (!isPlantName(record.name)) return `"name" must be ${PLANT_NAME_RULE}`;
  if (!isPlantTag(record.tag)) return `"tag" must be ${PLANT_TAG_RULE}`;
  if (record.id === undefined) {
    return options.requireId ? '"id" is missing' : undefined;
  }
  if (!isPlantId(record.id)) return `"id" must be ${PLANT_ID_RULE}`;
  return undefined;
}
