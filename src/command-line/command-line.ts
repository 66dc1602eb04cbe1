// What both command-line tools, plant-store-mock and plant-store-verify, do alike: read the
// flags with Node's parseArgs (a mistyped flag gets "did you mean"), name the package's
// version, print an error as one line, and count things in words. Node only.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseArgsConfig, parseArgs } from "node:util";

type FlagOptions = NonNullable<ParseArgsConfig["options"]>;

/** "1 check", "2 checks": a count and its noun, as both tools print them. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * The flags in `args`, which takes no positionals. A mistake throws a TypeError with the first
 * sentence of Node's message (the rest is advice about positionals) and, for a mistyped flag,
 * "; did you mean --port?"; its `cause` is Node's error, whose `code` tells the mistakes apart.
 */
export function parseFlags<const T extends FlagOptions>(args: readonly string[], options: T) {
  try {
    const config = { args: withNegativeValues(args, options), options, strict: true } as const;
    return parseArgs({ ...config, allowPositionals: false }).values;
  } catch (error) {
    const first = (error as Error).message.split(/\.\s|\n/)[0];
    const unknown = (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION";
    const hint = unknown ? didYouMean(args, Object.keys(options)) : "";
    throw new TypeError(`${first}${hint}`, { cause: error });
  }
}

/**
 * `--port -1` as `--port=-1`: parseArgs calls a value that starts with "-" ambiguous, which
 * tells the user nothing; joined, the value reaches its check and the message gives the range.
 */
function withNegativeValues(args: readonly string[], options: FlagOptions): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    if (arg === "--") return [...joined, ...args.slice(i)];
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    const takesValue =
      name !== undefined && Object.hasOwn(options, name) && options[name]?.type === "string";
    if (takesValue && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/**
 * "; did you mean --port?" for the first flag in `args` that is not one of `flags` (names
 * without the dashes), when a known flag is within a couple of edits of it (a swapped pair
 * of letters counts as one, the commonest slip); otherwise "". Never quotes a value.
 */
function didYouMean(args: readonly string[], flags: readonly string[]): string {
  const unknown = args
    .filter((arg) => arg.startsWith("--") && arg.length > 2)
    .map((arg) => arg.slice(2).split("=")[0] as string)
    .find((name) => !flags.includes(name));
  const close = unknown === undefined ? undefined : closestFlag(unknown, flags);
  return close === undefined ? "" : `; did you mean --${close}?`;
}

function closestFlag(typed: string, flags: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const flag of flags) {
    const distance = editDistance(typed, flag);
    if (distance < bestDistance) {
      best = flag;
      bestDistance = distance;
    }
  }
  // Short names: one edit; longer ones: two. Beyond that the guess is more noise than help.
  const allowed = Math.min(typed.length, best?.length ?? 0) <= 4 ? 1 : 2;
  return bestDistance <= allowed ? best : undefined;
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The version in this package's package.json. Looked up by walking up from this file,
 * because the same code runs from src/server/cli (tests) and from dist/bin (installed).
 */
export function readPackageVersion(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 4; level++) {
    try {
      const json = JSON.parse(readFileSync(join(directory, "package.json"), "utf8"));
      if (json.name === "plant-store-sdk" && typeof json.version === "string") return json.version;
    } catch {
      // No package.json at this level: keep walking up.
    }
    directory = dirname(directory);
  }
  return "unknown";
}

// Every CLI error is one line on stderr, whatever text a message quotes (JSON.parse quotes
// the start of the file, newline included): control characters are shown escaped, and
// invisible ones (a byte order mark) made visible, rather than printed raw.
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\ufeff]/gu;

export function oneLine(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    if (char === "\n") return "\\n";
    if (char === "\r") return "\\r";
    if (char === "\t") return "\\t";
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
