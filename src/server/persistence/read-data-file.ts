// Reads the data file in either format. The log (version 2) may end in a line cut off by a
// crash mid-append: that line was never acknowledged, so it is dropped (and reported);
// a bad line anywhere else means the file was damaged or edited, and loading stops there.
import { readFile } from "node:fs/promises";
import { PlantIds } from "../../mock/plant-ids.js";
import type { StoredPlant } from "../../mock/types.js";
import { PlantStoreDataFileError } from "./data-file-error.js";
import { LEGACY_VERSION, readLegacyDataFile } from "./legacy-data-file.js";
import { FORMAT, findPlantLineProblem, readHeader } from "./log-format.js";
import type { OwnerKeys } from "./owner-keys.js";

const NEWLINE = 0x0a;

export type DataFileContents =
  | { format: "legacy"; entries: StoredPlant[] }
  | {
      format: "log";
      entries: StoredPlant[];
      /** Bytes up to the end of the last whole line: where the next append goes. */
      wholeBytes: number;
      /** The line a crash cut off, dropped; undefined when the file ends with a whole line. */
      torn?: { line: number; bytes: number };
    };

/** What `path` holds, or `undefined` when there is no such file yet. */
export async function readDataFile(
  path: string,
  owners: OwnerKeys,
): Promise<DataFileContents | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new PlantStoreDataFileError(
      `Data file ${path} cannot be read: ${(error as Error).message}`,
    );
  }
  const firstNewline = bytes.indexOf(NEWLINE);
  const firstLine = bytes.toString("utf8", 0, firstNewline === -1 ? bytes.length : firstNewline);
  const fail = (line: number, problem: string) =>
    new PlantStoreDataFileError(`Data file ${path}, line ${line}: ${problem}; fix or remove it.`);

  // Version 1 was pretty-printed JSON, so its first line is "{" alone (or it is one line).
  if (firstLine.trim() === "{") {
    return { format: "legacy", entries: readLegacyDataFile(bytes.toString("utf8"), path, owners) };
  }
  let header: unknown;
  try {
    header = JSON.parse(firstLine);
  } catch (error) {
    throw fail(1, `not valid JSON (${(error as Error).message})`);
  }
  const version = (header as { format?: unknown; version?: unknown } | null)?.version;
  if ((header as { format?: unknown } | null)?.format === FORMAT && version === LEGACY_VERSION) {
    return { format: "legacy", entries: readLegacyDataFile(bytes.toString("utf8"), path, owners) };
  }
  const checked = readHeader(header);
  if (!checked.ok) throw fail(1, checked.problem);
  if (firstNewline === -1) throw fail(1, "the header line is not ended by a newline");

  // Bytes after the last newline are an append the crash cut short (never acknowledged).
  const wholeBytes = bytes.lastIndexOf(NEWLINE) + 1;
  const text = bytes.toString("utf8", firstNewline + 1, wholeBytes);
  const entries: StoredPlant[] = [];
  const ids = new PlantIds();
  let line = 1;
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf("\n", start);
    line++;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch (error) {
      throw fail(line, `not valid JSON (${(error as Error).message})`);
    }
    const problem = findPlantLineProblem(value);
    if (problem !== undefined) throw fail(line, problem);
    const plant = value as StoredPlant;
    if (ids.has(plant.id)) throw fail(line, `id ${plant.id} is already used by an earlier line`);
    ids.add(plant.id);
    // The parsed line itself becomes the entry (the store copies what it keeps): one
    // object fewer per line for the garbage collector, which a million lines keep busy.
    plant.owner = owners.fromFile(plant.owner);
    entries.push(plant);
    start = end + 1;
  }
  if (entries.length < checked.snapshot) {
    // The snapshot is renamed into place only once whole, so a short one is a damaged file.
    throw fail(
      line,
      `the file ends after ${entries.length} plants, but its header announces a snapshot of ${checked.snapshot}`,
    );
  }
  if (wholeBytes === bytes.length) return { format: "log", entries, wholeBytes };
  return {
    format: "log",
    entries,
    wholeBytes,
    torn: { line: line + 1, bytes: bytes.length - wholeBytes },
  };
}
