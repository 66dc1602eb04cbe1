// What the API reads from a request besides its headers: a list's `limit` and a create's
// body. Each is checked in a fixed order, so a request with several faults always gets the
// same answer.
import { ID_MESSAGE, isPlantId } from "../contract/plant-id.js";
import type { NewPlant } from "./types.js";

// `limit` accepts only the canonical decimal form of an int32 from 0 up: "0", "10",
// "2147483647". Signs, spaces, leading zeros, exponents, fractions and empty values are
// rejected, so one number has exactly one spelling and nothing is silently rounded.

const LIMIT_MAX = 2_147_483_647;
export const LIMIT_MESSAGE = "limit must be an integer from 0 to 2147483647.";
const LIMIT_REPEATED_MESSAGE = "limit must be given at most once.";

const CANONICAL_INT = /^(?:0|[1-9][0-9]{0,9})$/;

export type LimitResult = { ok: true; limit: number | undefined } | { ok: false; message: string };

const NO_LIMIT: LimitResult = { ok: true, limit: undefined };

/** Reads `limit` from a URL's search string ("" or "?..."); other parameters are ignored. */
export function parseLimitParam(search: string): LimitResult {
  // Fast path for the common request; a percent-encoded name still goes the full way.
  if (search === "" || (!search.includes("limit") && !search.includes("%"))) return NO_LIMIT;
  const values = new URLSearchParams(search).getAll("limit");
  if (values.length === 0) return NO_LIMIT;
  if (values.length > 1) return { ok: false, message: LIMIT_REPEATED_MESSAGE };
  const raw = values[0] as string;
  // The length bound in the pattern keeps a limit of thousands of digits cheap to refuse.
  if (!CANONICAL_INT.test(raw)) return { ok: false, message: LIMIT_MESSAGE };
  const limit = Number(raw);
  if (limit > LIMIT_MAX) return { ok: false, message: LIMIT_MESSAGE };
  return { ok: true, limit };
}

// Validation of a create body, field by field in a fixed order (body, name, tag, id) so a
// body with several faults always gets the same answer. Only the three known fields are
// read and copied: unknown keys, `__proto__` and `constructor` included, go nowhere.

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
