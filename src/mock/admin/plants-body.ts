// The body of PUT /__admin/plants: a JSON array of `{ name, tag?, id?, public? }`, checked
// like a seed file (same rules, same messages). The plants are public: the admin API knows
// no tokens, so it cannot give a plant an owner.

import { findDuplicateId, findPlantRecordProblem, PlantIds } from "../plant-records.js";
import type { StoredPlant } from "../types.js";

export type PlantsBodyResult =
  | { ok: true; entries: StoredPlant[] }
  | { ok: false; message: string };

export function parsePlantsBody(body: unknown): PlantsBodyResult {
  if (!Array.isArray(body)) {
    return { ok: false, message: "The request body must be a JSON array of plants." };
  }
  for (const [index, item] of body.entries()) {
    const problem = findPlantRecordProblem(item, { requireId: false });
    if (problem !== undefined) return { ok: false, message: `item ${index}: ${problem}.` };
    const visibility = (item as { public?: unknown }).public;
    if (visibility !== undefined && visibility !== true) {
      const message = `item ${index}: "public" must be true or left out: plants loaded through the admin API are public.`;
      return { ok: false, message };
    }
  }
  const plants = body as { name: string; tag?: string; id?: number }[];
  const duplicate = findDuplicateId(plants);
  if (duplicate !== undefined) return { ok: false, message: `id ${duplicate} is used twice.` };
  return { ok: true, entries: withIds(plants) };
}

/** Plants without an id get the next free one, after every given id is reserved (as a seed does). */
function withIds(plants: readonly { name: string; tag?: string; id?: number }[]): StoredPlant[] {
  const taken = new PlantIds();
  for (const { id } of plants) if (id !== undefined) taken.add(id);
  return plants.map(({ name, tag, id }) => {
    const assigned = id ?? taken.free;
    taken.add(assigned);
    return tag === undefined
      ? { id: assigned, name, owner: null }
      : { id: assigned, name, tag, owner: null };
  });
}
