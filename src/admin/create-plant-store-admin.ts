// The admin client: drives a running Plant Store server's /__admin/ endpoints from test code
// (a Playwright suite, a Node script, a browser). Web fetch only: no Node built-ins, no msw.
import type { PlantStoreErrorBody } from "../client/types.js";
import { checkAdminOptions, type PlantStoreAdminOptions } from "./admin-options.js";
import type {
  AdminDelayNextOptions,
  AdminFailNextOptions,
  AdminPlant,
  JournalEntry,
  PlantStoreOperation,
  PlantToLoad,
} from "./admin-types.js";
import { PlantStoreAdminError } from "./plant-store-admin-error.js";

/** The admin client {@link createPlantStoreAdmin} returns; every method is one admin request. */
export interface PlantStoreAdmin {
  /** Store back to its seed, faults cleared, journal emptied. */
  reset(): Promise<void>;
  /** The next call(s) of `operation` answer `status` with the Error body. */
  failNext(operation: PlantStoreOperation, options: AdminFailNextOptions): Promise<void>;
  /** The next call(s) of `operation` are answered only after `ms` milliseconds. */
  delayNext(
    operation: PlantStoreOperation,
    ms: number,
    options?: AdminDelayNextOptions,
  ): Promise<void>;
  /** Drops every pending failure and delay. */
  clearFaults(): Promise<void>;
  /** The API requests received since the last reset (the last 1,000), oldest first. */
  requests(): Promise<JournalEntry[]>;
  /** Empties the journal. */
  clearRequests(): Promise<void>;
  /** Every stored plant with its id and whether it is public. */
  plants(): Promise<AdminPlant[]>;
  /** Replaces the store's contents with these public plants; resolves with the new contents. */
  load(plants: readonly PlantToLoad[]): Promise<AdminPlant[]>;
}

/**
 * A client for a running server's /__admin/ endpoints. Options are checked now (a
 * `TypeError` naming the option); a refused request rejects with a {@link PlantStoreAdminError}.
 */
export function createPlantStoreAdmin(options: PlantStoreAdminOptions): PlantStoreAdmin {
  const { origin, token, fetch: givenFetch } = checkAdminOptions(options);

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = `${origin}/__admin/${path}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    // The server refuses an admin POST or PUT without it, even with no body: a web page
    // cannot send this type without a preflight, so it proves the request is no page's.
    if (method === "POST" || method === "PUT") headers["content-type"] = "application/json";
    // Looked up now, not at creation, so interception installed later still applies.
    const fetchNow = givenFetch ?? globalThis.fetch;
    const response = await fetchNow(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) {
      throw new PlantStoreAdminError({
        method,
        url,
        status: response.status,
        statusText: response.statusText,
        body: isErrorBody(parsed) ? parsed : undefined,
        adminOff: answeredByApi(response),
      });
    }
    return parsed;
  }

  return {
    async reset() {
      await call("POST", "reset");
    },
    async failNext(operation, failure) {
      const { times, ...rest } = failure ?? ({} as AdminFailNextOptions);
      await call("POST", "faults", { operation, ...rest, ...timesField(times) });
    },
    async delayNext(operation, ms, delay = {}) {
      await call("POST", "faults", { operation, delayMs: ms, ...timesField(delay.times) });
    },
    async clearFaults() {
      await call("DELETE", "faults");
    },
    async requests() {
      return (await call("GET", "requests")) as JournalEntry[];
    },
    async clearRequests() {
      await call("DELETE", "requests");
    },
    async plants() {
      return (await call("GET", "plants")) as AdminPlant[];
    },
    async load(plants) {
      return (await call("PUT", "plants", plants)) as AdminPlant[];
    },
  };
}

/** JSON has no Infinity: the admin API spells "until cleared" as the string "Infinity". */
function timesField(times: number | undefined): { times?: number | string } {
  if (times === undefined) return {};
  return { times: times === Number.POSITIVE_INFINITY ? "Infinity" : times };
}

/**
 * With the admin endpoints off, /__admin/... is an unknown path of the API: its 401 (realm
 * "plant-store", where the admin endpoints' is "plant-store-admin") or its 404. The client
 * calls only paths the admin endpoints have, so they never answer it 404 themselves.
 */
function answeredByApi(response: Response): boolean {
  if (response.status === 404) return true;
  if (response.status !== 401) return false;
  return response.headers.get("www-authenticate")?.includes('realm="plant-store"') ?? false;
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is PlantStoreErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as PlantStoreErrorBody).error === "number" &&
    typeof (value as PlantStoreErrorBody).message === "string"
  );
}
