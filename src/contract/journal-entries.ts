// What one journal entry shows, typed by the operation the request matched, and the filter of
// `requests()`. Plain JSON, the same in process and over GET /__admin/requests. Here, beside
// the other shared rules, because the core and the admin client both check a filter by it;
// it imports nothing of the core's, so every adapter's types can name the entries.

import type { components } from "./generated/openapi-admin.js";
import { between, checkNumber } from "./number-check.js";
import type { NewPlant } from "./plant-types.js";

/** The API operations, named as the SDK's methods: what scenarios target and entries name. */
export type PlantStoreOperation = "listPlants" | "createPlant";

/** Every operation, in the spec's order: the list checks and messages walk. */
export const OPERATIONS = [
  "listPlants",
  "createPlant",
] as const satisfies readonly PlantStoreOperation[];

/** What made a scripted answer: the scenario verb, chaos, or a request's `Prefer: code=N`. */
export type ScriptedBy = NonNullable<components["schemas"]["JournalEntryFields"]["scripted"]>;

/** Query parameters by name; a name given more than once has an array of its values. */
export type JournalQuery = Record<string, string | string[]>;

/** A list's query: `limit` is a number when it was valid, as received (text) when it was not. */
export interface ListPlantsQuery {
  limit?: number | string | string[];
  [name: string]: number | string | string[] | undefined;
}

/**
 * A create body that passed the contract's rules for a NewPlant, as the app sent it (fields
 * the contract ignores included), after any token in it was redacted.
 */
export type CreatePlantBody = NewPlant & { [field: string]: unknown };

/**
 * What every entry has, whatever the request matched: `seq`, `method`, `path`, `status`,
 * `durationMs`, `time`, and `scripted` or `violation` when they apply. One shape in process
 * and over HTTP, so it is the one openapi.admin.yaml describes.
 */
type JournalEntryFields = components["schemas"]["JournalEntryFields"];

/** A GET of the plants path (whatever its answer, a 401 included). */
export interface ListPlantsEntry extends JournalEntryFields {
  operation: "listPlants";
  query: ListPlantsQuery;
  body?: undefined;
  invalidBody?: undefined;
}

/** A POST to the plants path (whatever its answer, a 401 or a 415 included). */
export interface CreatePlantEntry extends JournalEntryFields {
  operation: "createPlant";
  query: JournalQuery;
  /** The body, when it was read (not for a 401, 413 or 415) and is a valid NewPlant. */
  body?: CreatePlantBody;
  /**
   * The parsed JSON body, when it was read and is JSON but not a valid NewPlant (`{"name":5}`).
   * A body that is not JSON, or longer than 16,384 characters, is in neither field.
   */
  invalidBody?: unknown;
}

/** A request that matched no operation: another path (404), another method (405). */
export interface UnmatchedEntry extends JournalEntryFields {
  operation: null;
  query: JournalQuery;
  body?: undefined;
  invalidBody?: undefined;
}

/** One API request as the journal reports it; `operation` tells which kind. */
export type JournalEntry = ListPlantsEntry | CreatePlantEntry | UnmatchedEntry;

/** The entries of operation `O` (`null`: those that matched none). */
export type JournalEntryOf<O extends PlantStoreOperation | null> = Extract<
  JournalEntry,
  { operation: O }
>;

/**
 * A request of operation `O` as it arrives, before it is answered: the part of its journal
 * entry that the request itself makes (`operation`, `method`, `path`, `query`, and a create's
 * `body` or `invalidBody`), listed as `requests()` lists it. What a scenario's `when` is
 * compared with, and what a `when` function and a `respondWith` function receive.
 */
export type ReceivedRequest<O extends PlantStoreOperation = PlantStoreOperation> =
  O extends PlantStoreOperation
    ? Pick<JournalEntryOf<O>, "operation" | "method" | "path" | "query" | "body" | "invalidBody">
    : never;

/** An entry the contract refused because of what the caller sent: `violation` says why. */
export type ContractViolation<O extends PlantStoreOperation | null = PlantStoreOperation | null> =
  JournalEntryOf<O> & { violation: string };

/** Which entries `requests(filter)` lists: all the given fields must match. */
export interface RequestFilter<O extends PlantStoreOperation | null = PlantStoreOperation | null> {
  /** The operation the request matched; `null` for the requests that matched none. */
  operation?: O | undefined;
  /** The status of the answer: 0 for none (a broken or hanging call), else 100 to 599. */
  status?: number | undefined;
}

/** How many answers of one status (or of the spec's `default`) one operation got. */
export interface CoverageRow {
  operation: PlantStoreOperation;
  /** A status the spec lists for the operation, or "default" for every status it does not. */
  status: number | "default";
  count: number;
}

/** Coverage of the contract (coverage.ts), on every way of serving and a sandbox. */
export interface PlantStoreCoverage {
  /**
   * One row per answer openapi.yaml declares for each operation, in the spec's order, with
   * the count of answers got since the start or the last `clearCoverage()`.
   */
  coverage(): CoverageRow[];
  /** Counts back to zero (`clearRequests()` and `reset()` leave the counts alone). */
  clearCoverage(): void;
}

/** The journal as every way of serving the core exposes it (fetch handler, MSW, server, sandbox). */
export interface PlantStoreRequestJournal extends PlantStoreCoverage {
  /**
   * The API requests received (the last 1,000), oldest first; never a header or token. With a
   * filter, only the matching ones, typed by its `operation`. A bad filter is a TypeError or
   * RangeError naming the field.
   */
  requests<O extends PlantStoreOperation | null = PlantStoreOperation | null>(
    filter?: RequestFilter<O>,
  ): JournalEntryOf<O>[];
  /**
   * The kept requests the contract refused because of what the caller sent, oldest first,
   * each with its reason (`violation`); filtered as `requests`. Cleared with the journal.
   */
  violations<O extends PlantStoreOperation | null = PlantStoreOperation | null>(
    filter?: RequestFilter<O>,
  ): ContractViolation<O>[];
  /** Empties the journal (its violations too). */
  clearRequests(): void;
}

/** How a filter names "the requests of no operation" (`operation: null`) in a query string. */
export const NO_OPERATION = "none";

const FILTER_FIELDS = ["operation", "status"];
/**
 * The statuses an entry can have: 0 for a request that got no answer (a broken or hanging
 * call), else an HTTP status. A filter outside them is a mistake, not an empty list.
 */
const FILTER_STATUS_MIN = 100;
const FILTER_STATUS_MAX = 599;
export const FILTER_STATUS_RULE = `0 (no answer) or an integer from ${FILTER_STATUS_MIN} to ${FILTER_STATUS_MAX}`;

export function isOperation(value: unknown): value is PlantStoreOperation {
  return OPERATIONS.includes(value as PlantStoreOperation);
}

const OPERATION_RULE = `operation must be ${OPERATIONS.map((name) => JSON.stringify(name)).join(", ")} or null`;

/** An operation as a caller names it: one of OPERATIONS, or null for requests that match none. */
export function checkOperation(value: unknown, verb: string): PlantStoreOperation | null {
  if (value !== null && !isOperation(value)) throw new TypeError(`${verb}: ${OPERATION_RULE}.`);
  return value;
}

export function isFilterStatus(value: number): boolean {
  if (value === 0) return true;
  return between(FILTER_STATUS_MIN, FILTER_STATUS_MAX, true)(value);
}

/** The filter of an in-process call, checked where it enters; `verb` starts each message. */
export function checkRequestFilter(filter: unknown, verb: string): RequestFilter {
  if (filter === undefined) return {};
  if (typeof filter !== "object" || filter === null || Array.isArray(filter)) {
    throw new TypeError(
      `${verb}: the filter must be an object such as { operation: "createPlant" }.`,
    );
  }
  const unknown = Object.keys(filter).find((name) => !FILTER_FIELDS.includes(name));
  if (unknown !== undefined) {
    throw new TypeError(
      `${verb}: unknown filter field ${JSON.stringify(unknown)}; the fields are operation, status.`,
    );
  }
  const { operation, status } = filter as Record<string, unknown>;
  if (operation !== undefined) checkOperation(operation, verb);
  if (status !== undefined) {
    checkNumber(status, isFilterStatus, `${verb}: status must be ${FILTER_STATUS_RULE}.`);
  }
  return { operation, status } as RequestFilter;
}

/** An entry, or the core's record of one (which knows its operation and status too). */
export function matchesFilter(
  entry: Pick<JournalEntry, "operation" | "status">,
  filter: RequestFilter,
): boolean {
  return (
    (filter.operation === undefined || entry.operation === filter.operation) &&
    (filter.status === undefined || entry.status === filter.status)
  );
}
