// The options every way of serving the core accepts, checked once where they enter (each
// entry first refuses names it does not know), with defaults filled in and the store built:
// the core then trusts what it is given. The rules the CLI also applies under its own flag
// names (`--cors-origin`, `--base-path`) are exported, so a value means the same wherever it
// is given.
import { checkNumber, wholeFrom } from "../contract/number-check.js";
import type { SeedPlant } from "../contract/plant-types.js";
import { type CheckedAdminOption, checkAdminOption } from "./admin-api/admin-access.js";
import { ADMIN_PREFIX, isAdminPath } from "./admin-api/admin-api.js";
import { checkTokens } from "./http/bearer-auth.js";
import { checkCorsOrigin } from "./http/cors.js";
import { checkLandingPage, type LandingPage } from "./landing-page/landing-page-route.js";
import { DEFAULT_MAX_SANDBOXES, DEFAULT_SANDBOX_IDLE_MS } from "./sandboxes/sandbox-registry.js";
import type { PlantStoreFetchHandlerOptions, PlantStoreMockOptions } from "./serving-options.js";
import { copySeed, createPlantStore } from "./store/store.js";
import type { PlantStore } from "./store/store-types.js";

const DEFAULT_MAX_BODY_BYTES = 1_048_576;

// One registry of option names, as ky keeps one: what every serving entry takes is written
// here once and spread into each entry's own list, which refuses every other name.
// `satisfies` keeps each list complete: a new option does not compile until it is listed.

/** The options every serving entry takes (`PlantStoreMockOptions`). */
export const MOCK_OPTION_NAMES = {
  store: true,
  seed: true,
  tokens: true,
  createStatus: true,
  maxBodyBytes: true,
  corsOrigin: true,
  maxSandboxes: true,
  sandboxIdleMs: true,
} satisfies Record<keyof PlantStoreMockOptions, true>;

/** Those of the fetch handler: the mock's, a path prefix and what is served beside the API. */
export const FETCH_HANDLER_OPTION_NAMES = {
  ...MOCK_OPTION_NAMES,
  basePath: true,
  admin: true,
  landingPage: true,
} satisfies Record<keyof PlantStoreFetchHandlerOptions, true>;

/** What the core runs on: every option checked, every default filled in. */
export interface PlantStoreCoreConfig {
  store: PlantStore;
  /** `undefined`: any well-formed bearer token is accepted. */
  tokens: readonly string[] | undefined;
  createStatus: 200 | 201;
  maxBodyBytes: number;
  corsOrigin: string | null;
  /** "" or "/v1": no trailing slash. */
  basePath: string;
  admin: CheckedAdminOption | undefined;
  landingPage: LandingPage | undefined;
  /** What a sandbox starts from: `undefined` is the built-in seed. Checked and copied. */
  seed: readonly SeedPlant[] | undefined;
  maxSandboxes: number;
  sandboxIdleMs: number;
  /**
   * Resolves once every change made so far is durable (persistence); the answer to a
   * create waits for it, so nothing acknowledged can be lost.
   */
  commit?: (() => Promise<void>) | undefined;
}

/** The fetch handler's options, their names already checked by the entry, as the core runs on them. */
export function readMockOptions(options: PlantStoreFetchHandlerOptions): PlantStoreCoreConfig {
  // Checked by the store's rules and copied once: sandboxes start from this copy.
  const given = options.seed;
  const seed = given === undefined ? undefined : copySeed(given);
  const store =
    options.store === undefined ? createPlantStore({ seed }) : checkStore(options.store, seed);
  const admin = checkAdminOption(options.admin);
  const basePath = checkBasePath(options.basePath);
  checkBasePathBesideAdmin(basePath, admin);
  return {
    store,
    tokens: checkTokens(options.tokens),
    createStatus: checkCreateStatus(options.createStatus),
    maxBodyBytes: checkMaxBodyBytes(options.maxBodyBytes),
    corsOrigin: checkCorsOrigin(options.corsOrigin),
    basePath,
    admin,
    landingPage: checkLandingPage(options.landingPage),
    seed,
    maxSandboxes: checkWholeNumber(options.maxSandboxes, "maxSandboxes", DEFAULT_MAX_SANDBOXES),
    sandboxIdleMs: checkWholeNumber(
      options.sandboxIdleMs,
      "sandboxIdleMs",
      DEFAULT_SANDBOX_IDLE_MS,
    ),
  };
}

/**
 * With the admin endpoints on, every path under /__admin is theirs: an API served there
 * would be shadowed by them (creates refused, the plants listed without a token).
 */
export function checkBasePathBesideAdmin(
  basePath: string,
  admin: unknown,
  name = "basePath",
): void {
  // Off is `undefined` (checked) or `undefined`/`false` (as given to the CLI's flags).
  if (admin === undefined || admin === false || !isAdminPath(basePath)) return;
  throw new RangeError(
    `${name} ${basePath} is under ${ADMIN_PREFIX}, where the admin endpoints answer; choose another base path.`,
  );
}

function checkCreateStatus(value: unknown): 200 | 201 {
  if (value === undefined) return 201;
  const accepts = (status: number) => status === 200 || status === 201;
  return checkNumber(value, accepts, "createStatus must be 200 or 201.") as 200 | 201;
}

function checkMaxBodyBytes(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_BODY_BYTES;
  return checkNumber(
    value,
    wholeFrom(1),
    "maxBodyBytes must be a whole number of bytes, 1 or more.",
  );
}

/** A whole number, 1 or more; `name` is the option's name as the caller spelled it. */
export function checkWholeNumber(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  return checkNumber(value, wholeFrom(1), `${name} must be a whole number, 1 or more.`);
}

const STORE_METHODS = ["list", "create", "reset", "entries", "load", "subscribe"] as const;

/** Something with the PlantStore methods; a seed next to it would be silently ignored. */
function checkStore(value: unknown, seed: readonly SeedPlant[] | undefined): PlantStore {
  if (typeof value !== "object" || value === null) {
    throw new TypeError("store must be a PlantStore, as createPlantStore() returns.");
  }
  const missing = STORE_METHODS.find(
    (method) => typeof (value as Record<string, unknown>)[method] !== "function",
  );
  if (missing !== undefined) {
    throw new TypeError(`store must be a PlantStore: it has no ${missing}() method.`);
  }
  if (seed !== undefined) {
    throw new TypeError("Give store or seed, not both: seed only fills a store created for you.");
  }
  return value as PlantStore;
}

// What a path prefix may be. Requests are matched on the path as the URL parser serialises
// it, so a prefix is only reachable if it is already in that form: ASCII path characters,
// nothing the parser would percent-encode, resolve ("..") or cut off ("?", "#").
// RFC 3986 pchar without percent-encoding, one or more per segment.
const PLAIN_PATH = /^(\/[A-Za-z0-9\-._~!$&'()*+,;=:@]+)+$/;

/**
 * "" (none) or a path such as "/v1", without a trailing slash. "v1" and "/v1/" both mean
 * "/v1", "/" means none; anything that would never match a request as meant (an empty
 * segment such as "//" included) throws a TypeError naming `name`.
 */
export function checkBasePath(value: unknown, name = "basePath"): string {
  if (value === undefined) return "";
  if (typeof value !== "string") throw new TypeError(`${name} must be a string such as "/v1".`);
  if (value === "" || value === "/") return "";
  // One trailing slash is forgiven; more would be an empty segment, which no request matches
  // as meant ("//" is not the root, "/v1//" not "/v1"), so the pattern below refuses it.
  const trimmed = value.endsWith("/") ? value.slice(0, -1) : value;
  const path = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  const dotSegment = path.split("/").some((segment) => segment === "." || segment === "..");
  if (!PLAIN_PATH.test(path) || dotSegment) {
    throw new TypeError(
      `${name} must be a plain path such as "/v1": ASCII letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : @ between single slashes, no "." or ".." segment, no ?, # or %.`,
    );
  }
  return path;
}
