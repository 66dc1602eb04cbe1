/**
 * Test matchers on what a Plant Store received: `expect.extend(plantStoreMatchers)` in Vitest,
 * Jest or Bun, then `expect(plantStore).toHaveReceived("createPlant", { body: { tag: "fern" } })`.
 * They read the request journal of the MSW handler set, the fetch handler, the server or a
 * sandbox. The types of `expect(...)` come from one entry per runner,
 * `plant-store-sdk/matchers/vitest`, `plant-store-sdk/matchers/jest` or
 * `plant-store-sdk/matchers/bun`; no runner is imported here, so the same object serves all
 * three. Guide: docs/assertions.md.
 *
 * @module plant-store-sdk/matchers
 */

import {
  checkOperation,
  type JournalEntry,
  type JournalEntryOf,
  type PlantStoreOperation,
} from "../contract/journal-entries.js";
import { checkNumber, wholeFrom } from "../contract/number-check.js";
import {
  isAsymmetric,
  isPlainObject,
  matchesPartly,
  sameValue,
} from "../contract/partial-match.js";

export {
  type CoverageSource,
  formatCoverageReport,
  mergeCoverage,
  printCoverageReport,
} from "./coverage-report.js";

/** What the matchers read: anything with the journal's `requests()` (and `violations()`). */
export interface PlantStoreJournalSource {
  /** The journal's entries, of one operation when the filter names it. */
  requests(filter?: { operation?: PlantStoreOperation }): readonly JournalEntry[];
  /** The entries the contract refused because of what the caller sent. */
  violations?(): readonly JournalEntry[];
}

/**
 * Part of a journal entry of operation `O`: each field given must match, objects partially
 * (as `toMatchObject`): `{ status: 201, body: { name: "Fern" } }`.
 */
export type RequestMatch<O extends PlantStoreOperation = PlantStoreOperation> = DeepPartial<
  JournalEntryOf<O>
>;

/** Objects partial at every depth; arrays and values as they are. */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** The matchers as `expect(plantStore)` offers them once a runner entry's types are loaded. */
export interface PlantStoreMatchers<R = unknown> {
  /**
   * At least one request of `operation` was received; with `expected`, one matching it (a
   * partial request such as `{ status: 201, body: { name: "Fern" } }`).
   */
  toHaveReceived<O extends PlantStoreOperation>(operation: O, expected?: RequestMatch<O>): R;
  /** Exactly `times` requests of `operation` were received. */
  toHaveReceivedTimes(operation: PlantStoreOperation, times: number): R;
  /**
   * No request broke the contract by what the caller sent (the source's `violations()`), and
   * no answer the test scripted broke it (an entry with `scriptProblem`: a respondWith answer
   * openapi.yaml forbids, a function that threw).
   */
  toHaveNoContractViolations(): R;
}

/**
 * What a runner gives a matcher as `this` (the part these matchers use). Vitest and Jest give
 * all of it; Bun's (1.4) has no `diff` and no testers, and its colours and `matcherHint` print
 * values rather than colour text, so where `diff` or the colours are missing, plain equivalents
 * stand in. Playwright's (1.65) `equals` only throws, so there the matchers compare values
 * themselves (as JSON values, an asymmetric matcher by its own `asymmetricMatch`).
 */
export interface MatcherContext {
  isNot?: boolean | undefined;
  /** The runner's deep equality, with the testers given (as `toMatchObject` uses it). */
  // biome-ignore lint/suspicious/noExplicitAny: each runner has its own tester type
  equals?(a: unknown, b: unknown, customTesters?: any[]): boolean;
  /** The runner's helpers for messages in its own style. */
  utils: {
    /** `expect(plantStore).toHaveReceived(operation)`, with `.not` when negated. */
    matcherHint(name: string, received?: string, expected?: string, options?: object): string;
    /** Colours text as the expected value. */
    EXPECTED_COLOR?(text: string): string;
    /** Colours text as the received value. */
    RECEIVED_COLOR?(text: string): string;
    /** The runner's `- Expected / + Received` diff. */
    diff?(a: unknown, b: unknown): string | null | undefined;
    /** The tester that makes `equals` compare objects partially. */
    subsetEquality?: unknown;
    /** The tester that makes `equals` compare iterables. */
    iterableEquality?: unknown;
  };
}

/** What a matcher returns to the runner. */
export interface MatcherResult {
  /** Whether the assertion holds (the runner inverts it for `.not`). */
  pass: boolean;
  /** What the runner prints when the assertion, or its `.not`, fails. */
  message(): string;
}

/** How many requests a failure message lists. */
const LISTED = 10;

/** Pass to `expect.extend(...)` in Vitest, Jest or Bun. */
export const plantStoreMatchers = {
  /** See {@link PlantStoreMatchers.toHaveReceived}. */
  toHaveReceived(
    this: MatcherContext,
    received: unknown,
    operation: PlantStoreOperation,
    expected?: RequestMatch,
  ): MatcherResult {
    const helpers = helpersOf(this);
    const source = journalOf(received, "toHaveReceived");
    checkOperation(operation, "toHaveReceived");
    // null or a string would otherwise be compared whole, failing with a diff against a request.
    if (expected !== undefined && (typeof expected !== "object" || expected === null)) {
      throw new TypeError(
        `toHaveReceived: expected must be a partial request such as { body: { name: "Fern" } }; received ${shown(expected)}.`,
      );
    }
    const ofOperation = source.requests({ operation });
    const wanted =
      expected === undefined
        ? `${operation} request`
        : `${operation} request matching ${helpers.expectedColor(oneLine(expected))}`;
    const hint = helpers.hint(
      "toHaveReceived",
      "plantStore",
      expected === undefined ? "operation" : "operation, expected",
      { isNot: helpers.isNot },
    );
    const matching = ofOperation.filter(
      (entry) => expected === undefined || helpers.matchesPartly(entry, expected),
    );
    if (matching.length > 0) {
      return {
        pass: true,
        message: () =>
          `${hint}\n\nExpected: no ${wanted}\n` +
          `Received: ${plural(matching.length, "matching request")}:\n${listed(helpers, matching)}`,
      };
    }
    return {
      pass: false,
      message: () => {
        if (ofOperation.length > 0) {
          const closest = closestFirst(helpers, ofOperation, expected ?? {});
          return (
            `${hint}\n\nExpected: a ${wanted}\n` +
            `Received: ${plural(ofOperation.length, `${operation} request`)}, closest first:\n` +
            listed(helpers, closest, expected)
          );
        }
        const all = source.requests();
        const others =
          all.length === 0
            ? "no request at all"
            : `no ${operation} request; ${plural(all.length, "other request")}:\n${listed(helpers, all)}`;
        return `${hint}\n\nExpected: a ${wanted}\nReceived: ${others}`;
      },
    };
  },

  /** See {@link PlantStoreMatchers.toHaveReceivedTimes}. */
  toHaveReceivedTimes(
    this: MatcherContext,
    received: unknown,
    operation: PlantStoreOperation,
    times: number,
  ): MatcherResult {
    const helpers = helpersOf(this);
    const source = journalOf(received, "toHaveReceivedTimes");
    checkOperation(operation, "toHaveReceivedTimes");
    const rule = `toHaveReceivedTimes: times must be a whole number, 0 or more; received ${shown(times)}.`;
    checkNumber(times, wholeFrom(0), rule);
    const ofOperation = source.requests({ operation });
    const hint = helpers.hint("toHaveReceivedTimes", "plantStore", "operation, times", {
      isNot: helpers.isNot,
    });
    const pass = ofOperation.length === times;
    const got =
      ofOperation.length === 0
        ? `no ${operation} request`
        : `${plural(ofOperation.length, `${operation} request`)}:\n${listed(helpers, ofOperation)}`;
    return {
      pass,
      message: () =>
        `${hint}\n\nExpected: ${pass ? "not " : ""}${plural(times, `${operation} request`)}\nReceived: ${got}`,
    };
  },

  /** See {@link PlantStoreMatchers.toHaveNoContractViolations}. */
  toHaveNoContractViolations(this: MatcherContext, received: unknown): MatcherResult {
    const helpers = helpersOf(this);
    const source = journalOf(received, "toHaveNoContractViolations");
    if (typeof source.violations !== "function") {
      throw new TypeError(
        `toHaveNoContractViolations: expect() was given an object with requests() but no violations(); pass the MSW handler set, the fetch handler, the server or a sandbox.`,
      );
    }
    // The caller's violations, and the answers a test scripted that the contract forbids
    // (respondWith's, listed with `scriptProblem`): either way the contract was not kept.
    const violations = [
      ...source.violations(),
      ...source.requests().filter((entry) => entry.scriptProblem !== undefined),
    ].sort((a, b) => a.seq - b.seq);
    const hint = helpers.hint("toHaveNoContractViolations", "plantStore", "", {
      isNot: helpers.isNot,
    });
    const pass = violations.length === 0;
    return {
      pass,
      message: () =>
        pass
          ? `${hint}\n\nExpected: at least one contract violation\nReceived: none`
          : `${hint}\n\nExpected: no contract violation\n` +
            `Received: ${plural(violations.length, "contract violation")}:\n` +
            violations
              .slice(0, LISTED)
              .map(
                (entry, i) =>
                  `  ${i + 1}: ${requestLine(entry)}: ${entry.violation ?? entry.scriptProblem}`,
              )
              .join("\n") +
            more(violations.length),
    };
  },
};

/** The journal behind `received`, or a TypeError naming what was passed instead. */
function journalOf(received: unknown, matcher: string): PlantStoreJournalSource {
  if (
    (typeof received === "object" || typeof received === "function") &&
    received !== null &&
    typeof (received as Partial<PlantStoreJournalSource>).requests === "function"
  ) {
    return answeringNow(received as PlantStoreJournalSource, matcher);
  }
  throw new TypeError(
    `${matcher}: expect() was given ${described(received)}; pass the MSW handler set, the fetch handler, the server or a sandbox (an object with requests()).`,
  );
}

/**
 * The source, with its answers checked to be lists: the admin client's are promises, and a
 * matcher cannot wait for them.
 */
function answeringNow(source: PlantStoreJournalSource, matcher: string): PlantStoreJournalSource {
  const now = <T>(answer: T): T => {
    if (Array.isArray(answer)) return answer;
    // Nobody waits for it: a failure must not surface later as an unhandled rejection.
    if (answer instanceof Promise) answer.catch(() => {});
    throw new TypeError(
      `${matcher}: expect() was given an object whose requests() answers ${described(answer)}, not a list; the admin client's answers come later, so assert on \`await admin.requests(filter)\` instead.`,
    );
  };
  const { violations } = source;
  return {
    requests: (filter) => now(source.requests(filter)),
    ...(typeof violations === "function" && { violations: () => now(violations.call(source)) }),
  };
}

/** A matcher argument in a message: a number as written, anything else described. */
function shown(value: unknown): string {
  return typeof value === "number" ? String(value) : described(value);
}

function described(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "function") return "a function without requests()";
  if (value instanceof Promise) return "a promise";
  if (typeof value === "object") {
    const keys = Object.keys(value).slice(0, 5);
    return keys.length === 0
      ? "an object without requests()"
      : `an object without requests() (its keys: ${keys.join(", ")})`;
  }
  return `the ${typeof value} ${JSON.stringify(value) ?? String(value)}`;
}

/** What the matchers use of the runner, complete: its own helpers, or plain equivalents. */
interface Helpers {
  isNot: boolean | undefined;
  /** The runner's deep equality (which knows its asymmetric matchers). */
  equals(a: unknown, b: unknown): boolean;
  /** `toMatchObject`'s rule: every field `expected` names matches, objects partially. */
  matchesPartly(value: unknown, expected: unknown): boolean;
  hint(
    name: string,
    received: string,
    expected: string,
    options: { isNot?: boolean | undefined },
  ): string;
  expectedColor(text: string): string;
  receivedColor(text: string): string;
  diff(expected: unknown, received: unknown): string | null | undefined;
}

function helpersOf(context: MatcherContext): Helpers {
  const { utils } = context;
  const runnerEquals = equalityOf(context);
  const equals = runnerEquals ?? sameValue;
  const { diff, EXPECTED_COLOR, RECEIVED_COLOR } = utils;
  if (typeof diff === "function" && EXPECTED_COLOR && RECEIVED_COLOR) {
    // Vitest, Jest and Playwright: their own colours and diff, so messages read like theirs;
    // their own partial rule where they lend their equality (Playwright does not).
    const testers = [utils.iterableEquality, utils.subsetEquality];
    return {
      isNot: context.isNot,
      equals,
      matchesPartly: runnerEquals
        ? (value, expected) => context.equals?.(value, expected, testers) === true
        : (value, expected) => matchesPartly(value, expected, equals),
      hint: (...args) => utils.matcherHint(...args),
      expectedColor: (text) => EXPECTED_COLOR(text),
      receivedColor: (text) => RECEIVED_COLOR(text),
      diff: (expected, received) => diff(expected, received),
    };
  }
  // Bun: its matcherHint prints the arguments as values and drops `.not` from the header it
  // puts first, so the hint is written here; text stays uncoloured.
  return {
    isNot: context.isNot,
    equals,
    matchesPartly: (value, expected) => matchesPartly(value, expected, equals),
    hint: (name, received, expected, { isNot }) =>
      `expect(${received}).${isNot ? "not." : ""}${name}(${expected})`,
    expectedColor: (text) => text,
    receivedColor: (text) => text,
    diff: lineDiff,
  };
}

/** The runner's deep equality, or undefined where it has none that works (Playwright's throws). */
function equalityOf(context: MatcherContext): ((a: unknown, b: unknown) => boolean) | undefined {
  try {
    context.equals?.(0, 0);
  } catch {
    return undefined;
  }
  return context.equals && ((a, b) => context.equals?.(a, b) === true);
}

/**
 * `- Expected / + Received` over the values' JSON, line by line (the longest common
 * subsequence kept), as Jest's diff lays out the same values; null when they print the same.
 */
function lineDiff(expected: unknown, received: unknown): string | null {
  const a = pretty(expected).split("\n");
  const b = pretty(received).split("\n");
  // common[i][j]: the longest common run of lines in a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = common[i] as number[];
      const below = common[i + 1] as number[];
      row[j] =
        a[i] === b[j]
          ? (below[j + 1] as number) + 1
          : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  let changed = false;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(`  ${a[i++]}`);
      j++;
    } else if (
      j === b.length ||
      (i < a.length && (common[i + 1]?.[j] as number) >= (common[i]?.[j + 1] as number))
    ) {
      lines.push(`- ${a[i++]}`);
      changed = true;
    } else {
      lines.push(`+ ${b[j++]}`);
      changed = true;
    }
  }
  return changed ? `- Expected\n+ Received\n\n${lines.join("\n")}` : null;
}

function pretty(value: unknown): string {
  return JSON.stringify(value, asymmetricNamed, 2) ?? String(value);
}

/** Most fields of `expected` matched first, then in order of arrival (as the sort is stable). */
function closestFirst(
  helpers: Helpers,
  entries: readonly JournalEntry[],
  expected: RequestMatch,
): JournalEntry[] {
  const scored = entries.map((entry) => ({ entry, score: score(helpers, entry, expected) }));
  return scored.sort((a, b) => b.score - a.score).map(({ entry }) => entry);
}

/** How many leaves of `expected` the value matches. */
function score(helpers: Helpers, value: unknown, expected: unknown): number {
  if (!isPlainObject(expected)) return helpers.matchesPartly(value, expected) ? 1 : 0;
  if (typeof value !== "object" || value === null) return 0;
  let total = 0;
  for (const [key, part] of Object.entries(expected)) {
    total += score(helpers, (value as Record<string, unknown>)[key], part);
  }
  return total;
}

/**
 * The part of `value` that `expected` names, so a diff shows only what was asked for; where
 * an asymmetric matcher matched, the matcher itself, so the diff does not flag it.
 */
function subsetOf(helpers: Helpers, value: unknown, expected: unknown): unknown {
  if (isAsymmetric(expected) && helpers.equals(value, expected)) return expected;
  if (!isPlainObject(expected) || typeof value !== "object" || value === null) return value;
  const subset: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(expected)) {
    if (key in value)
      subset[key] = subsetOf(helpers, (value as Record<string, unknown>)[key], part);
  }
  return subset;
}

/** Numbered lines, the first with its diff against `expected` when one is given. */
function listed(
  helpers: Helpers,
  entries: readonly JournalEntry[],
  expected?: RequestMatch,
): string {
  const lines = entries.slice(0, LISTED).map((entry, i) => {
    const line = `  ${i + 1}: ${requestLine(entry)}${bodyOf(helpers, entry)}`;
    if (i > 0 || expected === undefined) return line;
    const diff = helpers.diff(expected, subsetOf(helpers, entry, expected));
    return diff ? `${line}\n${indent(diff)}` : line;
  });
  return lines.join("\n") + more(entries.length);
}

/** `POST /v1/plants?limit=2 201`: what a reader recognises from their own code. */
function requestLine(entry: JournalEntry): string {
  const search = Object.entries(entry.query)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}=${v}`))
    .join("&");
  return `${entry.method} ${entry.path}${search === "" ? "" : `?${search}`} ${entry.status}`;
}

function bodyOf(helpers: Helpers, entry: JournalEntry): string {
  const body = entry.body ?? entry.invalidBody;
  return body === undefined ? "" : ` ${helpers.receivedColor(oneLine(body))}`;
}

/**
 * JSON on one line, so each request stays on one line in either runner; an asymmetric
 * matcher (`expect.any(String)`) shows as the runner names it.
 */
function oneLine(value: unknown): string {
  return JSON.stringify(value, asymmetricNamed);
}

function asymmetricNamed(_key: string, part: unknown): unknown {
  return isAsymmetric(part) ? (part.toAsymmetricMatcher?.() ?? part.toString()) : part;
}

function more(total: number): string {
  return total > LISTED ? `\n  ...and ${total - LISTED} more` : "";
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `     ${line}`))
    .join("\n");
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
