// The command line of plant-store-mock: its flags, read and checked by the rules of the options
// they set, and where the tokens come from (flags or the environment).
import { parseFlags } from "../../command-line/command-line.js";
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";
import type { PlantStoreAdminOption } from "../../mock/admin-api/admin-access.js";
import { checkToken } from "../../mock/http/bearer-auth.js";
import { checkCorsOrigin } from "../../mock/http/cors.js";
import { checkBasePath, checkBasePathBesideAdmin } from "../../mock/mock-options.js";
import { checkHost, checkShadowFlag, openAdminProblem } from "../check-options.js";
import { type FsyncPolicy, MAX_FSYNC_PERIOD } from "../persistence/data-log.js";
import { DEFAULT_PORT, DEMO_TOKEN, type PlantStoreServerOptions } from "../server-options.js";
import { integer, readGenerate } from "./number-flags.js";

export type TokenSource = "--token" | "PLANT_STORE_TOKENS" | "demo";

export type CliCommand =
  | { kind: "help" }
  | { kind: "version" }
  | {
      kind: "run";
      server: PlantStoreServerOptions & { tokens: readonly string[] };
      tokenSource: TokenSource;
      seedFile?: string;
      /** `--generate` (and `--generate-seed`): plants to add to the seed. */
      generate?: { count: number; seed: number | undefined };
      quiet: boolean;
      adminTokenSource?: AdminTokenSource;
      /** `--shadow <base-url>`: the deployment to forward every API request to. */
      shadow?: string;
    };

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  token: { type: "string", multiple: true },
  seed: { type: "string" },
  generate: { type: "string" },
  "generate-seed": { type: "string" },
  data: { type: "string" },
  fsync: { type: "string" },
  "create-status": { type: "string" },
  "cors-origin": { type: "string" },
  "base-path": { type: "string" },
  "max-body-bytes": { type: "string" },
  "request-timeout": { type: "string" },
  "keep-alive-timeout": { type: "string" },
  "max-sandboxes": { type: "string" },
  "sandbox-idle-ms": { type: "string" },
  quiet: { type: "boolean" },
  admin: { type: "boolean" },
  "admin-token": { type: "string" },
  shadow: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/**
 * Reads the command line (and PLANT_STORE_TOKENS, PLANT_STORE_ADMIN_TOKEN); a mistake throws
 * a TypeError or RangeError whose message names the flag, which the CLI prints as one line.
 */
export function parseCliArgs(args: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  let values: ReturnType<typeof parseFlags<typeof OPTIONS>>;
  try {
    values = parseFlags(args, OPTIONS);
  } catch (error) {
    throw new TypeError(`${(error as Error).message} (see --help).`);
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };

  const shadow = values.shadow;
  if (shadow !== undefined) {
    checkShadowFlag(shadow, (flag) => values[flag.slice(2) as keyof typeof values] !== undefined);
  }
  // A shadow proxy takes no tokens: the deployment's own pass through it.
  const { tokens, source } =
    shadow === undefined
      ? readTokens(values.token, env.PLANT_STORE_TOKENS)
      : { tokens: [], source: "demo" as const };
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
    maxSandboxes: integer(values["max-sandboxes"], "--max-sandboxes", 1),
    sandboxIdleMs: integer(values["sandbox-idle-ms"], "--sandbox-idle-ms", 1),
  };
  const { admin, adminTokenSource } = readAdminFlags(values, env, server.host ?? "127.0.0.1");
  if (admin !== undefined) server.admin = admin;
  checkBasePathBesideAdmin(server.basePath ?? "", admin, "--base-path");
  const generate = readGenerate(values.generate, values["generate-seed"]);
  return {
    kind: "run",
    adminTokenSource,
    server,
    tokenSource: source,
    seedFile: nonEmpty(values.seed, "--seed"),
    ...(generate === undefined ? {} : { generate }),
    quiet: values.quiet === true,
    ...(shadow === undefined ? {} : { shadow }),
  };
}

function readTokens(
  flags: string[] | undefined,
  fromEnv: string | undefined,
): { tokens: string[]; source: TokenSource } {
  if (flags !== undefined) {
    for (const flag of flags) checkToken(flag, "--token");
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
  for (const token of listed) checkToken(token, "PLANT_STORE_TOKENS: every comma-separated token");
  return { tokens: listed, source: "PLANT_STORE_TOKENS" };
}

export type AdminTokenSource = "--admin-token" | "PLANT_STORE_ADMIN_TOKEN";

interface AdminFlags {
  admin: PlantStoreAdminOption | undefined;
  /** Where the admin token came from, for the banner; undefined when open or off. */
  adminTokenSource: AdminTokenSource | undefined;
}

/**
 * `--admin-token` turns the endpoints on by itself; the environment variable only supplies
 * the token, so a shell that exports it does not open them on every run.
 */
function readAdminFlags(
  values: { admin?: boolean; "admin-token"?: string },
  env: NodeJS.ProcessEnv,
  host: string,
): AdminFlags {
  const flag = values["admin-token"];
  const on = values.admin === true || flag !== undefined;
  if (!on) return { admin: undefined, adminTokenSource: undefined };
  if (flag !== undefined) {
    checkToken(flag, "--admin-token");
    return { admin: { token: flag }, adminTokenSource: "--admin-token" };
  }
  const fromEnv = env.PLANT_STORE_ADMIN_TOKEN?.trim() ?? "";
  if (fromEnv !== "") {
    checkToken(fromEnv, "PLANT_STORE_ADMIN_TOKEN");
    return { admin: { token: fromEnv }, adminTokenSource: "PLANT_STORE_ADMIN_TOKEN" };
  }
  if (openAdminProblem(host, true, undefined) !== undefined) {
    throw new TypeError(
      `--admin on --host ${host} would open reset and the request journal to the network; give --admin-token <token> (or PLANT_STORE_ADMIN_TOKEN), or listen on a loopback host.`,
    );
  }
  return { admin: true, adminTokenSource: undefined };
}

/** A flag checked by the same rule as the option it sets, its message naming the flag. */
function checked<T>(
  text: string | undefined,
  flag: string,
  check: (value: unknown, name: string) => T,
): T | undefined {
  return text === undefined ? undefined : check(text, flag);
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
