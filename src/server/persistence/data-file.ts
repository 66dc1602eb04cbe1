// The data file: `{ "format": "plant-store-data", "version": 1, "plants": [...] }`, one
// plant per line so it stays readable and diffs well. Owners are hashed (owner-keys.ts).
import { readFile } from "node:fs/promises";
import { findDuplicateId, findPlantRecordProblem } from "../../mock/plant-record-check.js";
import type { StoredPlant } from "../../mock/types.js";
import { OWNER_KEY_PATTERN, type OwnerKeys } from "./owner-keys.js";

const FORMAT = "plant-store-data";
const VERSION = 1;

/** The data file exists but cannot be used; the server refuses to start rather than lose it. */
export class PlantStoreDataFileError extends Error {
  override name = "PlantStoreDataFileError";
}

/** The stored plants in `path`, or `undefined` when there is no such file yet. */
export async function readDataFile(
  path: string,
  owners: OwnerKeys,
): Promise<StoredPlant[] | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new PlantStoreDataFileError(
      `Data file ${path} cannot be read: ${(error as Error).message}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new PlantStoreDataFileError(
      `Data file ${path} is not valid JSON (${(error as Error).message}); fix or remove it.`,
    );
  }
  const problem = findDataProblem(parsed);
  if (problem !== undefined) {
    throw new PlantStoreDataFileError(
      `Data file ${path} is not a plant store data file: ${problem}; fix or remove it.`,
    );
  }
  return (parsed as { plants: FilePlant[] }).plants.map((plant) => {
    const owner = owners.fromFile(plant.owner);
    return plant.tag === undefined
      ? { id: plant.id, name: plant.name, owner }
      : { id: plant.id, name: plant.name, tag: plant.tag, owner };
  });
}

/** The file text for `entries`, ending with a newline. */
export function encodeDataFile(entries: readonly StoredPlant[], owners: OwnerKeys): string {
  const lines = entries.map((entry) => {
    const plant: FilePlant = { id: entry.id, name: entry.name, owner: owners.toFile(entry.owner) };
    if (entry.tag !== undefined) plant.tag = entry.tag;
    return `    ${JSON.stringify(plant)}`;
  });
  const plants = lines.length === 0 ? "[]" : `[\n${lines.join(",\n")}\n  ]`;
  return `{\n  "format": "${FORMAT}",\n  "version": ${VERSION},\n  "plants": ${plants}\n}\n`;
}

interface FilePlant {
  id: number;
  name: string;
  tag?: string;
  owner: string | null;
}

function findDataProblem(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return "the top level must be an object";
  }
  const file = data as Record<string, unknown>;
  if (file.format !== FORMAT) return `"format" must be "${FORMAT}"`;
  if (file.version !== VERSION) return `"version" must be ${VERSION}`;
  if (!Array.isArray(file.plants)) return '"plants" must be an array';
  for (const [index, plant] of file.plants.entries()) {
    const problem = findPlantRecordProblem(plant, { requireId: true });
    if (problem !== undefined) return `plants[${index}]: ${problem}`;
    const owner = (plant as { owner?: unknown }).owner;
    if (owner !== null && !(typeof owner === "string" && OWNER_KEY_PATTERN.test(owner))) {
      return `plants[${index}]: "owner" must be null or "sha256:" and 64 hex digits`;
    }
  }
  const duplicate = findDuplicateId(file.plants as { id: number }[]);
  return duplicate === undefined ? undefined : `id ${duplicate} is used twice`;
}
