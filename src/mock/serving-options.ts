// The options every way of serving the reference server takes, and the fetch handler's.

import type { SeedPlant } from "../contract/plant-types.js";
import type { PlantStoreAdminOption } from "./admin-api/admin-access.js";
import type { LandingPage } from "./landing-page/landing-page-route.js";
import type { PlantStore } from "./store/store-types.js";

/**
 * What every way of serving the reference server takes: the fetch handler
 * ({@link PlantStoreFetchHandlerOptions}), the MSW handlers (`PlantStoreMswOptions`) and the
 * standalone server (`PlantStoreServerOptions`).
 */
export interface PlantStoreMockOptions {
  /** The store to serve; default a new store seeded with `seed`. */
  store?: PlantStore | undefined;
  /** Seed for the store created when none is given; default `defaultSeed`. */
  seed?: readonly SeedPlant[] | undefined;
  /**
   * Accepted RFC 6750 bearer tokens, at least one; leave it out to accept any well-formed
   * bearer token (`[]` is a RangeError: it would accept nothing).
   */
  tokens?: readonly string[] | undefined;
  /** Status of a successful create; default 201. */
  createStatus?: 200 | 201 | undefined;
  /** Largest accepted request body in bytes; default 1 MiB (1_048_576). */
  maxBodyBytes?: number | undefined;
  /**
   * `Access-Control-Allow-Origin`: "*" (default), an origin as browsers send it
   * ("https://app.example"), or `null` for no CORS headers.
   */
  corsOrigin?: string | null | undefined;
  /** Most sandboxes open at once (`createSandbox`); default 1,000. Full: a RangeError, never an eviction. */
  maxSandboxes?: number | undefined;
  /** A sandbox unused this long (ms) closes itself; default 30 minutes (1_800_000). */
  sandboxIdleMs?: number | undefined;
}

/** Options of `createPlantStoreFetchHandler`: the mock options, a path prefix, admin endpoints, a landing page. */
export interface PlantStoreFetchHandlerOptions extends PlantStoreMockOptions {
  /** Path prefix such as "/v1" (ASCII path characters; no `?`, `#`, `%` or `..`); default "". */
  basePath?: string | undefined;
  /**
   * The admin endpoints under /__admin/ (reset, scenarios, request journal, coverage, store contents, sandboxes):
   * off by default; `true` open, `{ token }` behind `Authorization: Bearer <token>`.
   */
  admin?: PlantStoreAdminOption | undefined;
  /** Answers `GET /` from a browser with this page (see `createLandingPage`); none by default. */
  landingPage?: LandingPage | undefined;
}
