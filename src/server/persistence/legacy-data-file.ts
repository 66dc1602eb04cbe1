// The data file of earlier releases (version 1): one JSON document,
// `{ "format": "plant-store-data", "version": 1, "plants": [...] }`, rewritten whole after
// changes. It still loads; the server then starts a log file in its place (log-format.ts).

import { findDuplicateId, findPlantRecordProblem } from "../../mock/plant-record-check.js";
import type { StoredPlant } from "../../mock/types.js";
import { PlantStoreDataFileError } from "./data-file-error.js";
import { FORMAT } from "./log-format.js";
import { OWNER_KEY_PATTERN, type OwnerKeys } from "./owner-keys.js";

export const LEGACY_VERSION = 1;

interface FilePlant {
  id: number;
  name: string;
  tag?: string;
  owner: string | null;
}

/** The stored plants of a version 1 file's `text`; anything unusable throws, naming it. */
export function readLegacyDataFile(text: string, path: string, owners: OwnerKeys): StoredPlant[] {
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

function findDataProblem(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return "the top level must be an object";
  }
  const file = data as Record<string, unknown>;
  if (file.format !== FORMAT) return `"format" must be "${FORMAT}"`;
  if (file.version !== LEGACY_VERSION) return `"version" must be ${LEGACY_VERSION}`;
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
