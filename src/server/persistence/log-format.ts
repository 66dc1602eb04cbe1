// The data file (version 2) is a log of JSON lines, so a create costs one appended line
// however large the store is:
//
//   {"format":"plant-store-data","version":2,"snapshot":2}     header: how many lines follow
//   {"id":1,"name":"Ivy","owner":null}                          the snapshot: the store as it
//   {"id":2,"name":"Aloe","tag":"succulent","owner":"sha256:…"}  was when the file was written
//   {"id":3,"name":"Fern","owner":"sha256:…"}                   one line per create since
//
// Every line after the header is a plant, in creation order: the file is the store. A reset
// or load replaces the whole file with a new snapshot (written aside, then renamed), so the
// file never holds a plant the store no longer has. Owners are hashed (owner-keys.ts).

import { findPlantRecordProblem } from "../../mock/plant-record-check.js";
import type { StoredPlant } from "../../mock/types.js";
import { OWNER_KEY_PATTERN, type OwnerKeys } from "./owner-keys.js";

export const FORMAT = "plant-store-data";
export const LOG_VERSION = 2;

export function encodeHeader(snapshotPlants: number): string {
  return `${JSON.stringify({ format: FORMAT, version: LOG_VERSION, snapshot: snapshotPlants })}\n`;
}

/** One plant as a line of the file, newline included. */
export function encodePlantLine(plant: StoredPlant, owners: OwnerKeys): string {
  const owner = owners.toFile(plant.owner);
  const line =
    plant.tag === undefined
      ? { id: plant.id, name: plant.name, owner }
      : { id: plant.id, name: plant.name, tag: plant.tag, owner };
  return `${JSON.stringify(line)}\n`;
}

/** The header's snapshot size, or why `value` (the parsed first line) is not a version 2 header. */
export function readHeader(
  value: unknown,
): { ok: true; snapshot: number } | { ok: false; problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problem: "the header must be an object" };
  }
  const header = value as Record<string, unknown>;
  if (header.format !== FORMAT) return { ok: false, problem: `"format" must be "${FORMAT}"` };
  if (header.version !== LOG_VERSION) {
    return { ok: false, problem: `"version" must be ${LOG_VERSION}` };
  }
  const snapshot = header.snapshot;
  if (typeof snapshot !== "number" || !Number.isSafeInteger(snapshot) || snapshot < 0) {
    return { ok: false, problem: '"snapshot" must be a whole number, 0 or more' };
  }
  return { ok: true, snapshot };
}

/** Why `value` (a parsed line after the header) is not a stored plant, or undefined. */
export function findPlantLineProblem(value: unknown): string | undefined {
  const problem = findPlantRecordProblem(value, { requireId: true });
  if (problem !== undefined) return problem;
  const owner = (value as { owner?: unknown }).owner;
  if (owner !== null && !(typeof owner === "string" && OWNER_KEY_PATTERN.test(owner))) {
    return '"owner" must be null or "sha256:" and 64 hex digits';
  }
  return undefined;
}
