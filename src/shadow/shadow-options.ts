// The shadow option (`startPlantStoreServer({ shadow: { baseUrl } })`, `--shadow <base-url>`,
// typed with the server's options): the deployment's base URL, checked once where it enters,
// and what a shadow proxy cannot take beside it, one list for the options and the flags.
import { BASE_URL_MESSAGE, parseHttpBaseUrl } from "../contract/base-url.js";
import { checkOptionNames } from "../contract/option-names.js";

/** The deployment, as checked once: every later use reads these. */
export interface Deployment {
  /** "https://plants.example.com": what a 502 names (never the path, which may be long). */
  origin: string;
  /** "https://plants.example.com/v1": what the summary names. */
  url: string;
  /** "/v1", or "" for the root: what a forwarded path is appended to. */
  basePath: string;
  secure: boolean;
  /** The host name as a socket takes it (an IPv6 literal without brackets). */
  hostname: string;
  port: string;
}

/** `shadow`, checked where it enters. */
export function checkShadowOption(value: unknown): Deployment {
  checkOptionNames(value, { baseUrl: true }, "shadow: ");
  return checkDeploymentUrl((value as Record<string, unknown>).baseUrl, "shadow.baseUrl");
}

/** The deployment's base URL by the rule of every base URL; `name` as the option or flag is spelt. */
export function checkDeploymentUrl(value: unknown, name: string): Deployment {
  const parsed = parseHttpBaseUrl(value);
  if (parsed === undefined) {
    throw new TypeError(`${name}${BASE_URL_MESSAGE.slice("baseUrl".length)}.`);
  }
  const url = new URL(parsed.origin);
  return {
    origin: parsed.origin,
    url: parsed.base,
    basePath: parsed.base.slice(parsed.origin.length),
    secure: url.protocol === "https:",
    hostname: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port,
  };
}

/**
 * What a shadow proxy cannot use, by option name, with the CLI flags that set each: it
 * authenticates nothing and stores nothing (the deployment does).
 */
export const NOT_WITH_SHADOW = {
  tokens: ["--token"],
  store: [],
  seed: ["--seed", "--generate"],
  dataFile: ["--data"],
} as const satisfies Record<string, readonly string[]>;

/** Why `name` (an option or a flag) is refused beside `shadow` (as the caller spelt it). */
export function noEffectWithShadow(name: string, shadow: string): string {
  return `${name} has no effect with ${shadow}: the shadow proxy authenticates nothing and stores nothing (the deployment does)`;
}
