import { parseFlags } from "../../command-line/command-line.js";
import { between } from "../../contract/number-check.js";
import type { VerifyPlantStoreOptions } from "../types.js";

export const USAGE = `Usage: plant-store-verify --base-url <url> [options]

Checks a live Plant Store deployment against openapi.yaml and the documented behaviour.
Sends GET requests only, unless --allow-writes is given.

Options:
  --base-url <url>        the service's base URL, e.g. https://plants.example.com/v1
  --token <token>         an accepted bearer token (better: env PLANT_STORE_TOKEN)
  --second-token <token>  a second accepted token, for the isolation check
                          (better: env PLANT_STORE_SECOND_TOKEN; needs --allow-writes)
  --allow-writes          also create plants, named "plant-store-verify <time> <random>"
  --timeout <ms>          per request, default 10000
  --json                  print the report as JSON instead of a table
  --help, --version

Exit codes: 0 no violations, 1 violations found, 2 bad usage or service unreachable.`;

export type CliCommand =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "verify"; options: VerifyPlantStoreOptions; json: boolean }
  | { kind: "usage-error"; message: string };

/** Turns argv and the environment into what to do; never throws. */
export function parseCliArguments(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CliCommand {
  let values: ReturnType<typeof parseFlags<typeof OPTIONS>>;
  try {
    values = parseFlags(argv, OPTIONS);
  } catch (error) {
    // A stray word could be a token pasted in the wrong place: never echo it.
    const { code } = (error as Error).cause as { code?: string };
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      return { kind: "usage-error", message: "unexpected argument: only --flags are accepted" };
    }
    return { kind: "usage-error", message: (error as Error).message };
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  const baseUrl = values["base-url"];
  if (!baseUrl) return { kind: "usage-error", message: "--base-url is required" };
  // The environment keeps tokens out of shell history and process listings.
  const token = values.token ?? env.PLANT_STORE_TOKEN;
  if (!token) {
    return { kind: "usage-error", message: "a token is required: --token or PLANT_STORE_TOKEN" };
  }
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !between(1, Number.POSITIVE_INFINITY, true)(timeout)) {
    return { kind: "usage-error", message: "--timeout must be a positive whole number of ms" };
  }
  return {
    kind: "verify",
    json: values.json === true,
    options: {
      baseUrl,
      token,
      secondToken: values["second-token"] ?? (env.PLANT_STORE_SECOND_TOKEN || undefined),
      allowWrites: values["allow-writes"] === true,
      timeout,
    },
  };
}

const OPTIONS = {
  "base-url": { type: "string" },
  token: { type: "string" },
  "second-token": { type: "string" },
  "allow-writes": { type: "boolean" },
  timeout: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;
