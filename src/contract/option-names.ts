// The one unknown-option check: every entry that takes an options object refuses a name it
// does not know, so a misspelt option fails instead of silently taking its default.
import { SANDBOX_TOKEN_SHAPE } from "./sandbox-token.js";

/**
 * `options` is an object whose every key is in `known`. The message lists the names marked
 * `true`; `false` marks a name accepted but not advertised. `prefix` ("failNext: ") starts
 * the messages of a method's options, which then go on in lower case.
 */
export function checkOptionNames(
  options: unknown,
  known: Record<string, boolean>,
  prefix?: string,
): void {
  checkOptionsObject(options, prefix);
  for (const name of Object.keys(options)) {
    if (!Object.hasOwn(known, name)) {
      const names = Object.keys(known).filter((option) => known[option]);
      const unknown = prefix === undefined ? "Unknown" : `${prefix}unknown`;
      throw new TypeError(
        `${unknown} option ${shownName(name)}; the options are ${names.join(", ")}.`,
      );
    }
  }
}

/** `options` is a plain object (not null, not an array); `prefix` as in checkOptionNames. */
export function checkOptionsObject(options: unknown, prefix?: string): asserts options is object {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`${prefix ?? ""}options must be an object.`);
  }
}

// Names a caller writes (options, operations, header names) are short; a sandbox token, or a
// long string (a secret pasted in the wrong place, maybe), is not repeated in a message.
const LONGEST_SHOWN = 40;

/** A name the caller wrote, quoted for a message, unless it may be a secret. */
export function shownName(name: string): string {
  return name.length <= LONGEST_SHOWN && !SANDBOX_TOKEN_SHAPE.test(name)
    ? JSON.stringify(name)
    : "(not shown: it may be a secret)";
}
