import { readFile } from "node:fs/promises";
import { findDuplicateId, findPlantRecordProblem } from "../../mock/plant-records.js";
import type { SeedPlant } from "../../mock/types.js";

/** Reads `--seed <file.json>`: an array of `{ name, tag?, id? }`, checked item by item. */
export async function loadSeedFile(path: string): Promise<SeedPlant[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no such file"
        : (error as Error).message;
    throw new TypeError(`--seed ${path}: cannot read the file (${reason}).`);
  }
  let text: string;
  try {
    // fatal: a byte that is no UTF-8 fails here rather than becoming U+FFFD in a plant's
    // name; a leading byte order mark (editors on Windows write one) is dropped, as
    // request bodies do.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TypeError(`--seed ${path}: not valid UTF-8 text; save the file as UTF-8.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`--seed ${path}: not valid JSON (${(error as Error).message}).`);
  }
  if (!Array.isArray(data)) {
    throw new TypeError(`--seed ${path}: must be a JSON array of plants.`);
  }
  const seed = data.map((item: unknown, index): SeedPlant => {
    const problem = findPlantRecordProblem(item, { requireId: false });
    if (problem !== undefined) throw new TypeError(`--seed ${path}: item ${index}: ${problem}.`);
    const { name, tag, id } = item as SeedPlant;
    return { name, ...(tag === undefined ? {} : { tag }), ...(id === undefined ? {} : { id }) };
  });
  const duplicate = findDuplicateId(seed);
  if (duplicate !== undefined) {
    throw new TypeError(`--seed ${path}: id ${duplicate} is used twice.`);
  }
  return seed;
}
