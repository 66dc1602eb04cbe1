// Every option of `startPlantStoreServer`, checked before anything starts: a value the
// server cannot use throws a TypeError or RangeError naming the option, instead of a server
// that listens and then fails every request. The options shared with the handlers are read
// by the handlers' own rules (readMockOptions), so both read a value alike; the store is
// built here, once, and the core trusts what it is given.

import { statSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, resolve } from "node:path";
import { between, checkNumber } from "../contract/number-check.js";
import { checkOptionNames } from "../contract/option-names.js";
import { MAX_TIMER_MS } from "../contract/timer-limit.js";
import { isLoopbackHost } from "../mock/admin-api/admin-access.js";
import { createLandingPage } from "../mock/landing-page/landing-page.js";
import {
  FETCH_HANDLER_OPTION_NAMES,
  type PlantStoreCoreConfig,
  readMockOptions,
} from "../mock/mock-options.js";
import {
  checkDeploymentUrl,
  checkShadowOption,
  type Deployment,
  NOT_WITH_SHADOW,
  noEffectWithShadow,
} from "../shadow/shadow-options.js";
import { PlantStoreDataFileError } from "./errors/PlantStoreDataFileError.js";
import { checkFsyncPolicy, DEFAULT_FSYNC, type FsyncPolicy } from "./persistence/data-log.js";
import {
  DEFAULT_TIMEOUTS,
  DEMO_TOKEN,
  type PlantStoreServerLog,
  type PlantStoreServerOptions,
} from "./server-options.js";

// `satisfies` keeps this list complete: a new option does not compile until it is listed.
const SERVER_OPTIONS = {
  port: true,
  host: true,
  ...FETCH_HANDLER_OPTION_NAMES,
  dataFile: true,
  fsync: true,
  log: true,
  logRequests: true,
  requestTimeout: true,
  headersTimeout: true,
  keepAliveTimeout: true,
  shutdownTimeout: true,
  shadow: true,
} satisfies Record<keyof PlantStoreServerOptions, true>;

export interface CheckedServerOptions {
  /** What the core runs on, the store built; `commit` is added once the data file is open. */
  core: PlantStoreCoreConfig & { tokens: readonly string[] };
  port: number;
  host: string;
  dataFile: string | undefined;
  fsync: FsyncPolicy;
  log: PlantStoreServerLog | undefined;
  logRequests: boolean;
  timeouts: typeof DEFAULT_TIMEOUTS;
  connectionsCheckingInterval: number;
  /** The deployment a shadow proxy forwards to. */
  shadow: Deployment | undefined;
}

/** Defaults filled in; a value the server cannot use throws, naming the option. */
export function checkServerOptions(options: PlantStoreServerOptions): CheckedServerOptions {
  checkOptionNames(options, SERVER_OPTIONS);
  // Each option is read once, here: a getter cannot give the check one value and the server
  // another. Everywhere undefined means the default; null is refused (only corsOrigin gives it
  // a meaning).
  const {
    port = 0,
    host: hostOption = "127.0.0.1",
    tokens: tokensOption = [DEMO_TOKEN],
    landingPage,
    dataFile,
    fsync: fsyncOption,
    log,
    logRequests,
    requestTimeout: requestTimeoutOption,
    headersTimeout: headersTimeoutOption,
    keepAliveTimeout,
    shutdownTimeout,
    shadow: shadowOption,
    ...mockOptions
  } = options;
  const shadow = shadowOption === undefined ? undefined : checkShadowOption(shadowOption);
  if (shadow !== undefined) {
    const names = Object.keys(NOT_WITH_SHADOW) as (keyof typeof NOT_WITH_SHADOW)[];
    const given = names.find((name) => options[name] !== undefined);
    if (given !== undefined) {
      throw new TypeError(`${noEffectWithShadow(given, "shadow")}; leave ${given} out.`);
    }
  }
  // The server never runs open: without tokens it takes the demo token, never "any token".
  const mock = readMockOptions({ ...mockOptions, tokens: tokensOption });
  // Never undefined here (given tokens or the demo token); the type cannot say so.
  const tokens = mock.tokens ?? [DEMO_TOKEN];
  checkNumber(port, between(0, 65_535, true), "port must be an integer from 0 to 65535.");
  const host = checkHost(hostOption);
  if (landingPage !== undefined && typeof landingPage !== "boolean") {
    throw new TypeError("landingPage must be true or false.");
  }
  const adminProblem = openAdminProblem(host, mock.admin !== undefined, mock.admin?.token);
  if (adminProblem !== undefined)
    throw new RangeError(`admin: ${adminProblem}; give admin: { token }.`);
  const core = {
    ...mock,
    tokens,
    // The demo token is public, so the page may show it; a token the user chose, never.
    // A shadow proxy's page would offer a demo token to a deployment that does not take it.
    landingPage:
      landingPage === false || shadow !== undefined
        ? undefined
        : createLandingPage({ demoToken: tokens.includes(DEMO_TOKEN) ? DEMO_TOKEN : undefined }),
  };
  if (log !== undefined && typeof log !== "function") {
    throw new TypeError("log must be a function (line, kind) => void.");
  }
  if (logRequests !== undefined && typeof logRequests !== "boolean") {
    throw new TypeError("logRequests must be true or false.");
  }
  if (dataFile !== undefined) checkDataFile(dataFile);

  const requestTimeout = milliseconds(requestTimeoutOption, "requestTimeout");
  const headersTimeout =
    headersTimeoutOption === undefined && requestTimeout > 0
      ? Math.min(DEFAULT_TIMEOUTS.headersTimeout, requestTimeout)
      : milliseconds(headersTimeoutOption, "headersTimeout");
  if (requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new RangeError("headersTimeout must not be longer than requestTimeout.");
  }
  const timeouts = {
    requestTimeout,
    headersTimeout,
    keepAliveTimeout: milliseconds(keepAliveTimeout, "keepAliveTimeout"),
    shutdownTimeout: milliseconds(shutdownTimeout, "shutdownTimeout"),
  };
  const fsync = fsyncOption === undefined ? DEFAULT_FSYNC : checkFsyncPolicy(fsyncOption);
  // Check often enough that a timeout fires close to its value, without busy polling.
  const shortest = Math.min(...[requestTimeout, headersTimeout].filter((ms) => ms > 0), 4_000);
  const connectionsCheckingInterval = Math.max(10, Math.floor(shortest / 4));
  return {
    core,
    port,
    host,
    dataFile,
    fsync,
    log,
    logRequests: logRequests ?? true,
    timeouts,
    connectionsCheckingInterval,
    shadow,
  };
}

/**
 * `--shadow <base-url>` by the rule of the `shadow` option, refused beside a flag it cannot
 * use (`given`: whether the command line has it), naming the flag.
 */
export function checkShadowFlag(baseUrl: string, given: (flag: string) => boolean): void {
  checkDeploymentUrl(baseUrl, "--shadow");
  const flag = Object.values(NOT_WITH_SHADOW).flat().find(given);
  if (flag !== undefined) throw new TypeError(`${noEffectWithShadow(flag, "--shadow")}.`);
}

/**
 * Why the admin endpoints may not run open on `host`, or undefined when they may. Open admin
 * endpoints can reset the store and read every request's body, so they are only allowed
 * where nothing but this machine can reach them.
 */
export function openAdminProblem(host: string, adminOn: boolean, token: string | undefined) {
  if (!adminOn || token !== undefined || isLoopbackHost(host)) return undefined;
  return `the admin endpoints would be open to the network on host ${host}: reset and the request journal need an admin token there`;
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
function checkDataFile(path: unknown): void {
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

function milliseconds(value: unknown, name: keyof typeof DEFAULT_TIMEOUTS): number {
  const ms = value === undefined ? DEFAULT_TIMEOUTS[name] : value;
  const message = `${name} must be a whole number of milliseconds from 0 to ${MAX_TIMER_MS} (0 = none).`;
  return checkNumber(ms, between(0, MAX_TIMER_MS, true), message);
}
