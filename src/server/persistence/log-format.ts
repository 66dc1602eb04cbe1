// The data file is a log of JSON lines, so a create costs one appended line however large
// the store is:
//
//   {"format":"plant-store-data","version":2,"snapshot":2}     header: how many lines follow
//   {"id":1,"name":"Ivy","owner":null}                          the snapshot: the store as it
//   {"id":2,"name":"Aloe","tag":"succulent","owner":"sha256:…"}  was when the file was written
//   {"id":3,"name":"Fern","owner":"sha256:…"}                   one line per create since
//
// Every line after the header is a plant, in creation order: the file is the store. A reset
// or load replaces the whole file with a new snapshot (snapshot.ts), so the file never holds
// a plant the store no longer has. Owners are hashed (owner-keys.ts). A file that cannot be
// used is a PlantStoreDataFileError, wherever persistence finds out.

import { readFile } from "node:fs/promises";
import { wholeFrom } from "../../contract/number-check.js";
import { findPlantRecordProblem } from "../../contract/plant-fields.js";
import type { StoredPlant } from "../../contract/plant-types.js";
import { PlantIds } from "../../mock/store/plant-records.js";
import { PlantStoreDataFileError } from "../errors/PlantStoreDataFileError.js";
import { findOwnerKeyProblem, type OwnerKeys } from "./owner-keys.js";

const FORMAT = "plant-store-data";
// Version 1 (one JSON document, rewritten whole) was never published and is not read.
const VERSION = 2;
const NEWLINE = 0x0a;
/** A line of whitespace only (an extra Enter, CRLF's carriage return): skipped when read. */
const BLANK = /^\s*$/;

export function encodeHeader(snapshotPlants: number): string {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, snapshot: snapshotPlants })}\n`;
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

export interface DataFileContents {
  entries: StoredPlant[];
  /** Bytes of whole lines: where the next append goes (after a newline, if `unterminated`). */
  size: number;
  /** The last line is a whole record without its newline (a hand edit): it is kept. */
  unterminated: boolean;
  /** Bytes after the last newline that are no whole line: an append cut off by a crash. */
  torn?: { line: number; bytes: Buffer };
}

/**
 * What the data file at `path` holds, or `undefined` when there is no such file yet.
 * Anything unusable throws `PlantStoreDataFileError`, naming the file as `name` and the line.
 */
export async function readDataFile(
  path: string,
  owners: OwnerKeys,
  name = path,
): Promise<DataFileContents | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new PlantStoreDataFileError(
      `Data file ${name} cannot be read: ${(error as Error).message}`,
    );
  }
  const fail = (line: number, problem: string) =>
    new PlantStoreDataFileError(`Data file ${name}, line ${line}: ${problem}; fix or remove it.`);

  // Bytes after the last newline are either a whole record whose newline is missing, or an
  // append a crash cut short (never acknowledged). A cut-off append is never whole JSON.
  // The header cannot be cut off (a snapshot is renamed into place only once whole), so
  // a file without any newline is read as it is, and fails below if it is damaged.
  const wholeEnd = bytes.lastIndexOf(NEWLINE) + 1;
  let text = bytes.toString("utf8", 0, wholeEnd);
  let unterminated = false;
  let tornBytes: Buffer | undefined;
  if (wholeEnd < bytes.length) {
    const last = bytes.toString("utf8", wholeEnd);
    if (wholeEnd === 0 || BLANK.test(last) || isJson(last)) {
      text += `${last}\n`;
      unterminated = true;
    } else {
      tornBytes = bytes.subarray(wholeEnd);
    }
  }
  // What a hand edit may leave is skipped: the byte order mark some editors save, and blank
  // lines (an extra Enter). Lines keep the numbers an editor shows.
  text = text.replace(/^\uFEFF/, "");

  let snapshot: number | undefined;
  const entries: StoredPlant[] = [];
  const ids = new PlantIds();
  let line = 0;
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf("\n", start);
    const content = text.slice(start, end);
    start = end + 1;
    line++;
    if (BLANK.test(content)) continue;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      throw fail(line, `not valid JSON (${(error as Error).message})`);
    }
    if (snapshot === undefined) {
      const checked = readHeader(value);
      if (!checked.ok) throw fail(line, checked.problem);
      snapshot = checked.snapshot;
      continue;
    }
    const problem =
      findPlantRecordProblem(value, { requireId: true }) ??
      findOwnerKeyProblem((value as { owner?: unknown }).owner);
    if (problem !== undefined) throw fail(line, problem);
    const plant = value as StoredPlant;
    if (ids.has(plant.id)) throw fail(line, `id ${plant.id} is already used by an earlier line`);
    ids.add(plant.id);
    // The parsed line itself becomes the entry (the store copies what it keeps): one
    // object fewer per line for the garbage collector.
    plant.owner = owners.fromFile(plant.owner);
    entries.push(plant);
  }
  if (snapshot === undefined) throw fail(1, "the file is empty: it has no header line");
  if (entries.length < snapshot) {
    // The snapshot is renamed into place only once whole, so a short one is a damaged file.
    throw fail(
      line,
      `the file ends after ${entries.length} plants, but its header announces a snapshot of ${snapshot}`,
    );
  }
  return {
    entries,
    size: tornBytes === undefined ? bytes.length : wholeEnd,
    unterminated,
    ...(tornBytes === undefined ? {} : { torn: { line: line + 1, bytes: tornBytes } }),
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The header's snapshot size, or why `value` (the parsed first line) is not a header. */
function readHeader(
  value: unknown,
): { ok: true; snapshot: number } | { ok: false; problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problem: "the header must be an object" };
  }
  const header = value as Record<string, unknown>;
  if (header.format !== FORMAT) return { ok: false, problem: `"format" must be "${FORMAT}"` };
  if (header.version !== VERSION) return { ok: false, problem: `"version" must be ${VERSION}` };
  const snapshot = header.snapshot;
  if (typeof snapshot !== "number" || !wholeFrom(0)(snapshot)) {
    return { ok: false, problem: '"snapshot" must be a whole number, 0 or more' };
  }
  return { ok: true, snapshot };
}
