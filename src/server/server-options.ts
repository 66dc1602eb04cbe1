import type { PlantStoreAdminOption } from "../mock/admin-api/admin-access.js";
import type { PlantStoreMockOptions } from "../mock/serving-options.js";
import type { FsyncPolicy } from "./persistence/data-log.js";

/** The CLI's port when none is given (Prism's, so a Prism user finds it where they look). */
export const DEFAULT_PORT = 4010;

/**
 * The bearer token the standalone server accepts when it is given none. It is public on
 * purpose (printed in the start banner and in docs/server.md): the server must never run open,
 * yet `npm start` has to work without any setup.
 */
export const DEMO_TOKEN = "plant-store-demo-token";

/** The server's time limits in ms; `0` turns one off. Defaults: {@link DEFAULT_TIMEOUTS}. */
export interface PlantStoreServerTimeouts {
  requestTimeout: number;
  headersTimeout: number;
  keepAliveTimeout: number;
  shutdownTimeout: number;
}

/** Limits that keep one slow or idle client from holding the server; all in milliseconds. */
export const DEFAULT_TIMEOUTS: Readonly<PlantStoreServerTimeouts> = Object.freeze({
  /** Whole request (headers and body) must arrive within this; then 408 and the socket closes. */
  requestTimeout: 10_000,
  /** Request headers must arrive within this (never more than `requestTimeout`). */
  headersTimeout: 10_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: 5_000,
  /** `close()` waits this long for in-flight requests, then cuts the remaining connections. */
  shutdownTimeout: 10_000,
});

/** Gets the log lines: `kind` is `"request"` for a request line, `"error"` for a failed save. */
export type PlantStoreServerLog = (line: string, kind: "request" | "error") => void;

/** `startPlantStoreServer({ shadow })`: the deployment every API request is forwarded to. */
export interface PlantStoreShadowOptions {
  /** The deployment's base URL, such as "https://plants.example.com/v1". */
  baseUrl: string;
}

/** Options of `startPlantStoreServer`: the mock options, where to listen, persistence, logs, limits. */
export interface PlantStoreServerOptions extends PlantStoreMockOptions {
  /** TCP port; default 0 (any free port; read the chosen one from `url`). */
  port?: number | undefined;
  /** Interface to listen on, an IP address or host name; default "127.0.0.1" (this machine only). */
  host?: string | undefined;
  /**
   * Accepted RFC 6750 bearer tokens, at least one; default `[DEMO_TOKEN]`. The server never
   * accepts any token.
   */
  tokens?: readonly string[] | undefined;
  /** Path prefix such as "/v1"; default "". `url` includes it. */
  basePath?: string | undefined;
  /**
   * File that keeps the store across restarts: loaded at start, each create appended
   * before it is answered, rewritten after a reset or load (docs/persistence.md). Its
   * directory must exist.
   */
  dataFile?: string | undefined;
  /**
   * When the data file is flushed to disk: "always" (before each create is answered),
   * every N milliseconds, or "never" (left to the OS). Default 1000. A killed process
   * loses no answered create under any of them; this decides what a power loss may cost.
   */
  fsync?: FsyncPolicy | undefined;
  /**
   * Receives one line per request (`GET /plants 200 1.2 ms`, kind "request") and problems
   * such as a failed save of the data file (kind "error"). Never receives a token.
   */
  log?: PlantStoreServerLog | undefined;
  /** Send request lines to `log`; default true. False leaves only "error" lines (a little faster). */
  logRequests?: boolean | undefined;
  /** See `DEFAULT_TIMEOUTS`; 0 disables a timeout. */
  requestTimeout?: number | undefined;
  headersTimeout?: number | undefined;
  keepAliveTimeout?: number | undefined;
  shutdownTimeout?: number | undefined;
  /**
   * The admin endpoints under /__admin/ (reset, scenarios, request journal, coverage, store contents, sandboxes).
   * Off by default. `true` opens them, which is refused on a host other than loopback;
   * `{ token }` requires `Authorization: Bearer <token>` (never one of `tokens`).
   */
  admin?: PlantStoreAdminOption | undefined;
  /** Answer `GET /` from a browser with the HTML landing page; default true (none with `shadow`). */
  landingPage?: boolean | undefined;
  /**
   * Run as a shadow proxy of a deployment (docs/fidelity.md): every API request is forwarded
   * to `baseUrl` with its own Authorization and answered with the deployment's answer, which is
   * checked against openapi.yaml and the reference server. Not with `tokens`, `store`, `seed`
   * or `dataFile`: the proxy authenticates nothing and stores nothing. The deployment may send
   * nothing for as long as `requestTimeout` while the proxy waits for its answer.
   */
  shadow?: PlantStoreShadowOptions | undefined;
}
