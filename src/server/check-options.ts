// Every option of `startPlantStoreServer`, checked before anything starts: a value the
// server cannot use throws a TypeError or RangeError naming the option, instead of a server
// that listens and then fails every request. The rules shared with the handlers (tokens,
// corsOrigin, basePath, ...) are the handlers' own functions, so both read a value alike.
import { statSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, resolve } from "node:path";
import { checkOptionNames } from "../contract/option-names.js";
import { MAX_TIMER_MS } from "../contract/timer-limit.js";
import { checkBasePath } from "../mock/base-path.js";
import { checkCorsOrigin } from "../mock/cors-origin.js";
import {
  checkBasePathBesideAdmin,
  checkCreateStatus,
  checkMaxBodyBytes,
  checkSeed,
  checkStore,
} from "../mock/handler-options.js";
import { checkTokens } from "../mock/tokens.js";
import { DEMO_TOKEN } from "./demo-token.js";
import { PlantStoreDataFileError } from "./persistence/data-file-error.js";
import { checkFsyncPolicy, DEFAULT_FSYNC, type FsyncPolicy } from "./persistence/data-log.js";
import {
  DEFAULT_TIMEOUTS,
  type PlantStoreServerOptions,
  type PlantStoreServerTimeouts,
} from "./server-options.js";

// `satisfies` keeps this list complete: a new option does not compile until it is listed.
const SERVER_OPTIONS = {
  port: true,
  host: true,
  tokens: true,
  seed: true,
  store: true,
  createStatus: true,
  corsOrigin: true,
  basePath: true,
  maxBodyBytes: true,
  dataFile: true,
  fsync: true,
  log: true,
  logRequests: true,
  requestTimeout: true,
  headersTimeout: true,
  keepAliveTimeout: true,
  shutdownTimeout: true,
  admin: true,
  landingPage: true,
} satisfies Record<keyof PlantStoreServerOptions, true>;

export interface CheckedServerOptions {
  tokens: readonly string[];
  port: number;
  host: string;
  /** "" or "/v1", as the handlers read it. */
  basePath: string;
  fsync: FsyncPolicy;
  timeouts: PlantStoreServerTimeouts;
  connectionsCheckingInterval: number;
}

/** Defaults filled in; a value the server cannot use throws, naming the option. */
export function checkServerOptions(options: PlantStoreServerOptions): CheckedServerOptions {
  checkOptionNames(options, SERVER_OPTIONS);
  // The server never runs open: without tokens it takes the demo token, never "any token".
  const tokens = checkTokens(options.tokens) ?? [DEMO_TOKEN];
  const seed = checkSeed(options.seed);
  if (options.store !== undefined) checkStore(options.store, seed);
  checkCreateStatus(options.createStatus);
  checkMaxBodyBytes(options.maxBodyBytes);
  checkCorsOrigin(options.corsOrigin);
  const basePath = checkBasePath(options.basePath);
  checkBasePathBesideAdmin(basePath, options.admin);
  // Everywhere: undefined means the default; null is refused (only corsOrigin gives it a meaning).
  const port = options.port === undefined ? 0 : options.port;
  const portMessage = "port must be an integer from 0 to 65535.";
  if (typeof port !== "number") throw new TypeError(portMessage);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(portMessage);
  const host = checkHost(options.host === undefined ? "127.0.0.1" : options.host);
  if (options.log !== undefined && typeof options.log !== "function") {
    throw new TypeError("log must be a function (line, kind) => void.");
  }
  const logRequests = options.logRequests;
  if (logRequests !== undefined && typeof logRequests !== "boolean") {
    throw new TypeError("logRequests must be true or false.");
  }
  if (options.dataFile !== undefined) checkDataFile(options.dataFile);

  const requestTimeout = milliseconds(options.requestTimeout, "requestTimeout");
  const headersTimeout =
    options.headersTimeout === undefined && requestTimeout > 0
      ? Math.min(DEFAULT_TIMEOUTS.headersTimeout, requestTimeout)
      : milliseconds(options.headersTimeout, "headersTimeout");
  if (requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new RangeError("headersTimeout must not be longer than requestTimeout.");
  }
  const timeouts = {
    requestTimeout,
    headersTimeout,
    keepAliveTimeout: milliseconds(options.keepAliveTimeout, "keepAliveTimeout"),
    shutdownTimeout: milliseconds(options.shutdownTimeout, "shutdownTimeout"),
  };
  const fsync = options.fsync === undefined ? DEFAULT_FSYNC : checkFsyncPolicy(options.fsync);
  // Check often enough that a timeout fires close to its value, without busy polling.
  const shortest = Math.min(...[requestTimeout, headersTimeout].filter((ms) => ms > 0), 4_000);
  const connectionsCheckingInterval = Math.max(10, Math.floor(shortest / 4));
  return { tokens, port, host, basePath, fsync, timeouts, connectionsCheckingInterval };
}

// A DNS name: letters, digits, "-" (and "_", which container names use), dot-separated.
const HOST_NAME =
  /^(?=.{1,253}\.?$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?$/;

/** An IP address or a host name. "" would make Node listen on every interface. */
export function checkHost(host: unknown, name = "host"): string {
  const message = `${name} must be an IP address or a host name, such as 127.0.0.1, ::1, 0.0.0.0 or localhost.`;
  if (typeof host !== "string") throw new TypeError(message);
  if (isIP(host) === 0 && !HOST_NAME.test(host)) throw new TypeError(message);
  return host;
}

/**
 * The data file itself may be missing (the server creates it at start), but its
 * directory must exist; checked with the other options, so the message names it.
 */
export function checkDataFile(path: unknown): void {
  if (typeof path !== "string" || path === "") {
    throw new TypeError("dataFile must be the path of a file.");
  }
  const directory = dirname(resolve(path));
  const stats = statSync(directory, { throwIfNoEntry: false });
  if (stats?.isDirectory() !== true) {
    const problem = stats === undefined ? "does not exist" : "is not a directory";
    throw new PlantStoreDataFileError(
      `Data file ${path} cannot be saved: ${directory} ${problem}.`,
    );
  }
}

function milliseconds(value: unknown, name: keyof PlantStoreServerTimeouts): number {
  const ms = value === undefined ? DEFAULT_TIMEOUTS[name] : value;
  const message = `${name} must be a whole number of milliseconds from 0 to ${MAX_TIMER_MS} (0 = none).`;
  if (typeof ms !== "number") throw new TypeError(message);
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > MAX_TIMER_MS) throw new RangeError(message);
  return ms;
}
