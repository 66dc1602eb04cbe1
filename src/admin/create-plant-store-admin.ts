// The admin client: drives a running Plant Store server's /__admin/ endpoints from test code
// (a Playwright suite, a Node script, a browser). Web fetch only: no Node built-ins, no msw.
import { isErrorBody } from "../client/errors/PlantStoreApiError.js";
import { connectionFailure } from "../client/errors/PlantStoreConnectionError.js";
import { checkHttpBaseUrl } from "../contract/base-url.js";
import { BEARER_TOKEN_RULE, isBearerToken } from "../contract/bearer-token.js";
import {
  checkRequestFilter,
  isOperation,
  NO_OPERATION,
  OPERATIONS,
  type PlantStoreOperation as Operation,
  type RequestFilter,
} from "../contract/journal-entries.js";
import { checkOptionNames, checkOptionsObject } from "../contract/option-names.js";
import type { PlantStorePact } from "../contract/pact-document.js";
import { checkPartialWhen, PARTIAL_WHEN_EXAMPLE } from "../contract/partial-when.js";
import { PlantStoreAdminError } from "./errors/PlantStoreAdminError.js";
import type {
  AdminFailNextOptions,
  AdminPlant,
  AdminRequestFilter,
  AdminSandboxIds,
  ContractViolation,
  CoverageRow,
  JournalEntryOf,
  PlantStoreAdmin,
  PlantStoreAdminOptions,
  PlantStoreAdminWorld,
  PlantStoreOperation,
  ShadowSummary,
} from "./types.js";

/**
 * A client for a running server's /__admin/ endpoints. Options are checked now (a
 * `TypeError` naming the option); a refused request rejects with a {@link PlantStoreAdminError},
 * one that got no answer with the SDK's `PlantStoreConnectionError`, whose message names the
 * cause (`ECONNREFUSED`, a host not found, a certificate, MSW's unhandled request).
 */
export function createPlantStoreAdmin(options: PlantStoreAdminOptions): PlantStoreAdmin {
  const { origin, token, fetch: givenFetch } = checkOptions(options);

  /** `verb` names the method in a TypeError for a body JSON cannot write (nothing is sent). */
  async function call(method: string, path: string, body?: unknown, verb = path): Promise<unknown> {
    const url = `${origin}/__admin/${path}`;
    const json = body === undefined ? undefined : jsonBody(body, verb);
    const headers: Record<string, string> = { accept: "application/json" };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    // The server refuses an admin POST or PUT without it, even with no body: a web page
    // cannot send this type without a preflight, so it proves the request is no page's.
    if (method === "POST" || method === "PUT") headers["content-type"] = "application/json";
    // Looked up now, not at creation, so interception installed later still applies.
    const fetchNow = givenFetch ?? globalThis.fetch;
    let response: Response;
    let text: string;
    try {
      response = await fetchNow(url, {
        method,
        headers,
        ...(json === undefined ? {} : { body: json }),
      });
    } catch (error) {
      throw connectionFailure(method, url, "no response", error);
    }
    try {
      text = await response.text();
    } catch (error) {
      throw connectionFailure(method, url, "the answer broke off", error);
    }
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

  /** The endpoints of one world: the global one (prefix "") or a sandbox's. */
  function worldMethods(prefix: string): PlantStoreAdminWorld {
    return {
      async reset() {
        await call("POST", `${prefix}reset`);
      },
      async failNext(operation, failure: AdminFailNextOptions = {}) {
        checkOptionsObject(failure, "failNext: ");
        const { times, when, ...rest } = failure;
        const fault = {
          operation,
          ...rest,
          ...timesField(times),
          ...whenField([operation], when, "failNext"),
        };
        await call("POST", `${prefix}faults`, fault, "failNext");
      },
      async respondNext(operation, answer) {
        checkOptionsObject(answer, "respondNext: ");
        const { times, when, ...rest } = answer;
        const scripted = {
          operation,
          ...rest,
          ...timesField(times),
          ...whenField([operation], when, "respondNext"),
        };
        await call("POST", `${prefix}responses`, scripted, "respondNext");
      },
      async chaos(options) {
        if (options === null) {
          await call("DELETE", `${prefix}chaos`);
          return;
        }
        checkOptionsObject(options, "chaos: ");
        const { operations = OPERATIONS, when } = options;
        const chaos = { ...options, ...whenField(operations, when, "chaos") };
        await call("PUT", `${prefix}chaos`, chaos, "chaos");
      },
      async delayNext(operation, ms, delay = {}) {
        checkOptionsObject(delay, "delayNext: ");
        const fault = {
          operation,
          delayMs: ms,
          ...timesField(delay.times),
          ...whenField([operation], delay.when, "delayNext"),
        };
        await call("POST", `${prefix}faults`, fault, "delayNext");
      },
      async breakNext(operation, kind, options = {}) {
        checkOptionsObject(options, "breakNext: ");
        const fault = {
          operation,
          break: kind,
          ...timesField(options.times),
          ...whenField([operation], options.when, "breakNext"),
        };
        await call("POST", `${prefix}faults`, fault, "breakNext");
      },
      async clearFaults() {
        await call("DELETE", `${prefix}faults`);
      },
      async requests<O extends PlantStoreOperation | null>(filter?: AdminRequestFilter<O>) {
        const query = filterQuery(checkRequestFilter(filter, "requests"));
        return (await call("GET", `${prefix}requests${query}`)) as JournalEntryOf<O>[];
      },
      async violations<O extends PlantStoreOperation | null>(filter?: AdminRequestFilter<O>) {
        const query = filterQuery(checkRequestFilter(filter, "violations"));
        return (await call("GET", `${prefix}violations${query}`)) as ContractViolation<O>[];
      },
      async clearRequests() {
        await call("DELETE", `${prefix}requests`);
      },
      async coverage() {
        return (await call("GET", `${prefix}coverage`)) as CoverageRow[];
      },
      async clearCoverage() {
        await call("DELETE", `${prefix}coverage`);
      },
      async pact(options) {
        // The names are checked once, by the server (its 400 has toPact's sentence); only what
        // is a string is sent, so a missing name is refused rather than sent as "undefined".
        checkOptionsObject(options, "pact: ");
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries(options)) {
          if (typeof value === "string") query.append(name, value);
        }
        return (await call("GET", `${prefix}pact?${query}`)) as PlantStorePact;
      },
      async plants() {
        return (await call("GET", `${prefix}plants`)) as AdminPlant[];
      },
      async load(plants) {
        return (await call("PUT", `${prefix}plants`, plants, "load")) as AdminPlant[];
      },
    };
  }

  return {
    ...worldMethods(""),
    async createSandbox(sandboxOptions = {}) {
      checkOptionsObject(sandboxOptions, "createSandbox: ");
      const created = await call("POST", "sandboxes", sandboxOptions, "createSandbox");
      const { id, token } = created as AdminSandboxIds;
      const path = `sandboxes/${encodeURIComponent(id)}`;
      return {
        ...worldMethods(`${path}/`),
        id,
        token,
        async createToken() {
          return ((await call("POST", `${path}/tokens`)) as { token: string }).token;
        },
        async close() {
          await call("DELETE", path);
        },
      };
    },
    async shadow() {
      return (await call("GET", "shadow")) as ShadowSummary;
    },
  };
}

/** A checked filter as the admin API's query: `operation=none` for `null`. */
function filterQuery(filter: RequestFilter): string {
  const params = new URLSearchParams();
  if (filter.operation !== undefined) params.set("operation", filter.operation ?? NO_OPERATION);
  if (filter.status !== undefined) params.set("status", String(filter.status));
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}

/** JSON has no Infinity: the admin API spells "until cleared" as the string "Infinity". */
function timesField(times: number | undefined): { times?: number | string } {
  if (times === undefined) return {};
  return { times: times === Number.POSITIVE_INFINITY ? "Infinity" : times };
}

/**
 * `when`, checked by the rule the in-process verbs and the server share, with the in-process
 * messages, before anything is sent: JSON would write a Map or a URLSearchParams as `{}` and
 * leave a Symbol out, and the scenario would then be for every request. The checked copy is
 * sent. With operations the server does not know, `when` goes as given: the server refuses
 * the operations, naming them, before it reads `when`.
 */
function whenField(operations: unknown, when: unknown, verb: string): { when?: unknown } {
  if (when === undefined) return {};
  const known = Array.isArray(operations) && operations.length > 0 && operations.every(isOperation);
  if (!known) return { when };
  const words = { prefix: `${verb}: `, when: PARTIAL_WHEN_EXAMPLE };
  return { when: checkPartialWhen(operations as readonly Operation[], when, words) };
}

/**
 * With the admin endpoints off, /__admin/... is an unknown path of the API: its 401 (realm
 * "plant-store", where the admin endpoints' is "plant-store-admin") or its 404. The client
 * calls only paths the admin endpoints have, so their own 404 is only a closed sandbox's.
 */
function answeredByApi(response: Response): boolean {
  // An unknown sandbox id is the admin endpoints' own 404; theirs are never cached.
  if (response.status === 404) return response.headers.get("cache-control") !== "no-store";
  if (response.status !== 401) return false;
  return response.headers.get("www-authenticate")?.includes('realm="plant-store"') ?? false;
}

/**
 * The request body as JSON, a `Headers` (which the in-process verbs take as headers) as its
 * entries: it has no own properties, so JSON would send `{}`. A BigInt, a cycle or a function
 * (which JSON would drop in silence) cannot be sent: a TypeError naming the method, not the
 * connection error a failing fetch would otherwise be reported as. JSON leaves an undefined
 * field out, as the server expects. (`when` is checked before, by its own rule: whenField.)
 */
function jsonBody(value: unknown, verb: string): string {
  try {
    return JSON.stringify(value, (key, part: unknown) => {
      if (typeof part === "function") throw new Error(`${key} is a function`);
      return part instanceof Headers ? Object.fromEntries(part) : part;
    });
  } catch (error) {
    const reason = error instanceof Error ? `: ${error.message}` : "";
    throw new TypeError(
      `${verb}: options must be JSON (values JSON.stringify can write)${reason}.`,
    );
  }
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The options, checked once at creation so a mistake shows where it is made. */
function checkOptions(options: unknown) {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError('options must be an object such as { baseUrl: "http://127.0.0.1:4010" }.');
  }
  checkOptionNames(options, { baseUrl: true, token: true, fetch: true });
  const { baseUrl, token, fetch } = options as Record<string, unknown>;
  // The admin endpoints live at the server's root, so only the origin counts.
  const { origin } = checkHttpBaseUrl(baseUrl);
  return { origin, token: checkToken(token), fetch: checkFetch(fetch) };
}

function checkToken(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  // Only the rule is printed, never the value: it may be a real secret.
  if (!isBearerToken(value)) throw new TypeError(`token must be ${BEARER_TOKEN_RULE}.`);
  return value;
}

function checkFetch(value: unknown): typeof fetch | undefined {
  if (value === undefined || typeof value === "function") return value as typeof fetch | undefined;
  throw new TypeError("fetch must be a function with the signature of the global fetch.");
}
