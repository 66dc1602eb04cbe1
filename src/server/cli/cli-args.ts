import { parseArgs } from "node:util";
import { isBearerToken } from "../../contract/bearer-token.js";
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";
import { checkCorsOrigin } from "../../mock/cors.js";
import { checkBasePath, checkBasePathBesideAdmin } from "../../mock/mock-options.js";
import { checkHost } from "../check-options.js";
import { type FsyncPolicy, MAX_FSYNC_PERIOD } from "../persistence/data-log.js";
import { DEMO_TOKEN, type PlantStoreServerOptions } from "../server-options.js";
import { type AdminTokenSource, readAdminFlags, TOKEN_RULE } from "./admin-flags.js";
import type { TokenSource } from "./banner.js";
import { didYouMean } from "./closest-flag.js";
import { DEFAULT_PORT } from "./help-text.js";

export type CliCommand =
  | { kind: "help" }
  | { kind: "version" }
  | {
      kind: "run";
      server: PlantStoreServerOptions & { tokens: readonly string[] };
      tokenSource: TokenSource;
      seedFile?: string;
      quiet: boolean;
      adminTokenSource?: AdminTokenSource;
    };

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  token: { type: "string", multiple: true },
  seed: { type: "string" },
  data: { type: "string" },
  fsync: { type: "string" },
  "create-status": { type: "string" },
  "cors-origin": { type: "string" },
  "base-path": { type: "string" },
  "max-body-bytes": { type: "string" },
  "request-timeout": { type: "string" },
  "keep-alive-timeout": { type: "string" },
  quiet: { type: "boolean" },
  admin: { type: "boolean" },
  "admin-token": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/**
 * Reads the command line (and PLANT_STORE_TOKENS); a mistake throws a TypeError or
 * RangeError whose message names the flag, which the CLI prints as its one line.
 */
export function parseCliArgs(args: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(withNegativeValues(args)).values;
  } catch (error) {
    // Node's messages go on with advice about positionals; the first sentence is the point.
    const first = (error as Error).message.split(/\.\s|\n/)[0];
    const unknown = (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION";
    const hint = unknown ? didYouMean(args, Object.keys(OPTIONS)) : "";
    throw new TypeError(`${first}${hint} (see --help).`);
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };

  const { tokens, source } = readTokens(values.token, env.PLANT_STORE_TOKENS);
  const createStatus = values["create-status"];
  if (createStatus !== undefined && createStatus !== "200" && createStatus !== "201") {
    throw new TypeError("--create-status must be 200 or 201.");
  }
  const server: PlantStoreServerOptions & { tokens: readonly string[] } = {
    port: integer(values.port, "--port", 0, 65_535) ?? DEFAULT_PORT,
    host: checked(values.host, "--host", checkHost),
    tokens,
    createStatus: createStatus === undefined ? undefined : createStatus === "200" ? 200 : 201,
    corsOrigin: checked(values["cors-origin"], "--cors-origin", checkCorsOrigin),
    basePath: checked(values["base-path"], "--base-path", checkBasePath),
    dataFile: nonEmpty(values.data, "--data"),
    fsync: fsyncPolicy(values.fsync),
    maxBodyBytes: integer(values["max-body-bytes"], "--max-body-bytes", 1),
    requestTimeout: integer(values["request-timeout"], "--request-timeout", 0, MAX_TIMER_MS),
    keepAliveTimeout: integer(
      values["keep-alive-timeout"],
      "--keep-alive-timeout",
      0,
      MAX_TIMER_MS,
    ),
  };
  const { admin, adminTokenSource } = readAdminFlags(values, env, server.host ?? "127.0.0.1");
  if (admin !== undefined) server.admin = admin;
  checkBasePathBesideAdmin(server.basePath ?? "", admin, "--base-path");
  return {
    kind: "run",
    adminTokenSource,
    server,
    tokenSource: source,
    seedFile: nonEmpty(values.seed, "--seed"),
    quiet: values.quiet === true,
  };
}

function parse(args: readonly string[]) {
  return parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false });
}

/**
 * `--port -1` as `--port=-1`: parseArgs calls a value that starts with "-" ambiguous, which
 * tells the user nothing; joined, the value reaches its check and the message gives the range.
 */
function withNegativeValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    if (arg === "--") return [...joined, ...args.slice(i)];
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    const takesValue =
      name !== undefined &&
      Object.hasOwn(OPTIONS, name) &&
      OPTIONS[name as keyof typeof OPTIONS].type === "string";
    if (takesValue && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function readTokens(
  flags: string[] | undefined,
  fromEnv: string | undefined,
): { tokens: string[]; source: TokenSource } {
  if (flags !== undefined) {
    if (!flags.every(isBearerToken)) throw new TypeError(`--token ${TOKEN_RULE}`);
    return { tokens: flags, source: "--token" };
  }
  // Unset or blank is the demo token; anything else is a list, and an empty entry in it
  // ("a,,b", ",") is a typo that would otherwise go unnoticed.
  if (fromEnv === undefined || fromEnv.trim() === "") {
    return { tokens: [DEMO_TOKEN], source: "demo" };
  }
  const listed = fromEnv.split(",").map((token) => token.trim());
  if (listed.includes("")) {
    throw new TypeError(
      "PLANT_STORE_TOKENS: an entry of the comma-separated list is empty; remove the extra comma.",
    );
  }
  if (!listed.every(isBearerToken)) {
    throw new TypeError(`PLANT_STORE_TOKENS: every comma-separated token ${TOKEN_RULE}`);
  }
  return { tokens: listed, source: "PLANT_STORE_TOKENS" };
}

/** A flag checked by the same rule as the option it sets, its message naming the flag. */
function checked<T>(
  text: string | undefined,
  flag: string,
  check: (value: unknown, name: string) => T,
): T | undefined {
  return text === undefined ? undefined : check(text, flag);
}

function integer(
  text: string | undefined,
  flag: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new RangeError(`${flag} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

function fsyncPolicy(text: string | undefined): FsyncPolicy | undefined {
  if (text === undefined || text === "always" || text === "never") return text;
  if (/^\d+$/.test(text)) {
    const period = Number(text);
    if (period >= 1 && period <= MAX_FSYNC_PERIOD) return period;
  }
  throw new TypeError(
    `--fsync must be always, never or a whole number of milliseconds from 1 to ${MAX_FSYNC_PERIOD}.`,
  );
}

function nonEmpty(text: string | undefined, flag: string): string | undefined {
  if (text === "") throw new TypeError(`${flag} must not be empty.`);
  return text;
}
