import { DEMO_TOKEN } from "./demo-token.js";
import { checkFsyncPolicy, DEFAULT_FSYNC, type FsyncPolicy } from "./persistence/fsync-policy.js";
import {
  DEFAULT_TIMEOUTS,
  type PlantStoreServerOptions,
  type PlantStoreServerTimeouts,
} from "./server-options.js";

// RFC 6750 b64token: the only tokens a client can send in `Authorization: Bearer`.
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export function isBearerToken(token: string): boolean {
  return BEARER_TOKEN.test(token);
}

export interface CheckedServerOptions {
  tokens: readonly string[];
  port: number;
  host: string;
  fsync: FsyncPolicy;
  timeouts: PlantStoreServerTimeouts;
  connectionsCheckingInterval: number;
}

/** Defaults filled in; a value the server cannot use throws, naming the option. */
export function checkServerOptions(options: PlantStoreServerOptions): CheckedServerOptions {
  const tokens = options.tokens ?? [DEMO_TOKEN];
  // The server never runs open: an empty list is a mistake, not "accept anything".
  if (tokens.length === 0) throw new RangeError("tokens must hold at least one token.");
  for (const [index, token] of tokens.entries()) {
    if (typeof token !== "string" || !isBearerToken(token)) {
      throw new TypeError(
        `tokens[${index}] is not a bearer token: use letters, digits and - . _ ~ + / (= only at the end).`,
      );
    }
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError("port must be an integer from 0 to 65535.");
  }
  const requestTimeout = milliseconds(options, "requestTimeout");
  const headersTimeout =
    options.headersTimeout === undefined && requestTimeout > 0
      ? Math.min(DEFAULT_TIMEOUTS.headersTimeout, requestTimeout)
      : milliseconds(options, "headersTimeout");
  if (requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new RangeError("headersTimeout must not be longer than requestTimeout.");
  }
  const timeouts = {
    requestTimeout,
    headersTimeout,
    keepAliveTimeout: milliseconds(options, "keepAliveTimeout"),
    shutdownTimeout: milliseconds(options, "shutdownTimeout"),
  };
  const fsync = options.fsync === undefined ? DEFAULT_FSYNC : checkFsyncPolicy(options.fsync);
  // Check often enough that a timeout fires close to its value, without busy polling.
  const shortest = Math.min(...[requestTimeout, headersTimeout].filter((ms) => ms > 0), 4_000);
  const connectionsCheckingInterval = Math.max(10, Math.floor(shortest / 4));
  return {
    tokens,
    port,
    host: options.host ?? "127.0.0.1",
    fsync,
    timeouts,
    connectionsCheckingInterval,
  };
}

function milliseconds(
  options: PlantStoreServerOptions,
  name: keyof PlantStoreServerTimeouts,
): number {
  const value = options[name] ?? DEFAULT_TIMEOUTS[name];
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of milliseconds, 0 or more (0 = none).`);
  }
  return value;
}
