// The checks of every scenario's arguments, made when it is set, so a mistake fails in the test
// that made it rather than as a strange answer later; in process their messages name the verb
// (`failNext: ...`), over HTTP the admin body's fields (`delayMs`, `break`, `"Infinity"`).

import type { PlantStoreOperation } from "../../contract/journal-entries.js";
import { isOperation, OPERATIONS } from "../../contract/journal-entries.js";
import { between, checkNumber, wholeFrom } from "../../contract/number-check.js";
import { checkOptionNames, shownName } from "../../contract/option-names.js";
import { PARTIAL_WHEN_EXAMPLE } from "../../contract/partial-when.js";
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";
import { BREAK_KINDS, type BreakKind } from "./break-kinds.js";
import { checkRespondAnswer } from "./declared-answers.js";
import { checkFailureFields, FAILURE_FIELD_NAMES } from "./failure-fields.js";
import type {
  BreakNextOptions,
  DelayNextOptions,
  FailNextOptions,
  RespondNextExtras,
} from "./scenario-types.js";
import { errorPending, type PendingBreak, type ScriptedAnswer } from "./scripted-answer.js";
import { checkWhen, type RequestTest } from "./when.js";

/** A scenario as queued: what it answers, for how many more calls, and for which requests. */
export interface Queued<T> {
  value: T;
  remaining: number;
  /** Its `when`; none: every request. */
  when: RequestTest | undefined;
}

/** How messages name the call and its fields: failNext's `ms`, or the admin body's `delayMs`. */
export interface FaultWords {
  /** Put before every message, such as "failNext: ". */
  prefix: string;
  ms: string;
  /** How "until cleared" is written in messages: Infinity, or the admin body's `"Infinity"`. */
  infinity: string;
  /** The `times` that means "until cleared": Infinity; JSON has none, so over HTTP the string. */
  untilCleared: number | string;
  /** How the break kind is named: breakNext's `kind`, or the admin body's `break`. */
  kind: string;
  /** The forms `when` takes: a function too in process, only JSON over HTTP. */
  when: string;
}

const inProcess = (verb: string): FaultWords => ({
  prefix: `${verb}: `,
  ms: "ms",
  infinity: "Infinity",
  untilCleared: Number.POSITIVE_INFINITY,
  kind: "kind",
  when: `${PARTIAL_WHEN_EXAMPLE}, or a function of the request`,
});
export const IN_PROCESS = {
  failNext: inProcess("failNext"),
  delayNext: inProcess("delayNext"),
  breakNext: inProcess("breakNext"),
  respondNext: inProcess("respondNext"),
  respondWith: inProcess("respondWith"),
  chaos: inProcess("chaos"),
} satisfies Record<string, FaultWords>;
/** The words of POST /__admin/faults, whose body says `delayMs`, `break` and `"Infinity"`. */
export const OVER_HTTP: FaultWords = {
  prefix: "",
  ms: "delayMs",
  infinity: '"Infinity"',
  untilCleared: "Infinity",
  kind: "break",
  when: 'an object such as {"body":{"name":"Ivy"}} or {"query":{"limit":2}}',
};

// `satisfies` keeps these lists complete: a new option does not compile until it is listed.
const FAIL_NEXT_OPTIONS = { ...FAILURE_FIELD_NAMES, times: true, when: true } satisfies Record<
  keyof FailNextOptions,
  true
>;
const DELAY_NEXT_OPTIONS = { times: true, when: true } satisfies Record<
  keyof DelayNextOptions,
  true
>;
const BREAK_NEXT_OPTIONS = { times: true, when: true } satisfies Record<
  keyof BreakNextOptions,
  true
>;
const RESPOND_NEXT_OPTIONS = {
  status: true,
  body: true,
  headers: true,
  times: true,
  when: true,
} satisfies Record<"status" | "body" | keyof RespondNextExtras, true>;

/** The fields every verb's options may carry, read before the options are known to be right. */
type Scenario = { times?: unknown; when?: unknown };

export function checkFailure(
  operation: PlantStoreOperation,
  options: object,
  words: FaultWords,
): Queued<ScriptedAnswer> {
  const prefix = checkCall(operation, options, FAIL_NEXT_OPTIONS, words);
  const { status, message, headers } = checkFailureFields(options as FailNextOptions, prefix);
  const { times, when } = options as Scenario;
  return {
    value: errorPending("failNext", operation, status, message, headers),
    remaining: checkTimes(times, words),
    when: checkWhen([operation], when, words, "failNext"),
  };
}

export function checkResponse(
  operation: PlantStoreOperation,
  answer: object,
  words: FaultWords,
): Queued<ScriptedAnswer> {
  const prefix = checkCall(operation, answer, RESPOND_NEXT_OPTIONS, words);
  const value = checkRespondAnswer(operation, answer, prefix);
  const { times, when } = answer as Scenario;
  return {
    value,
    remaining: checkTimes(times, words),
    when: checkWhen([operation], when, words, "respondNext"),
  };
}

/** respondWith's operation and function; its answers are checked as they are made (respond-next.ts). */
export function checkResponder(operation: PlantStoreOperation, respond: unknown): void {
  checkCall(operation, {}, {}, IN_PROCESS.respondWith);
  if (typeof respond !== "function") {
    throw new TypeError(
      "respondWith: respond must be a function of the request, such as (request) => ({ status: 200, body: [] }).",
    );
  }
}

export function checkBreak(
  operation: PlantStoreOperation,
  kind: BreakKind,
  options: object,
  words: FaultWords,
): Queued<PendingBreak> {
  const prefix = checkCall(operation, options, BREAK_NEXT_OPTIONS, words);
  if (!BREAK_KINDS.includes(kind)) {
    // Not echoed: over HTTP it is whatever a client put there, a token included.
    throw new TypeError(`${prefix}${words.kind} must be one of ${BREAK_KINDS.join(", ")}.`);
  }
  const { times, when } = options as Scenario;
  return {
    value: { by: "breakNext", break: kind },
    remaining: checkTimes(times, words),
    when: checkWhen([operation], when, words, "breakNext"),
  };
}

export function checkDelay(
  operation: PlantStoreOperation,
  ms: number,
  options: object,
  words: FaultWords,
): Queued<number> {
  const prefix = checkCall(operation, options, DELAY_NEXT_OPTIONS, words);
  const message = `${prefix}${words.ms} must be a number of milliseconds from 0 to ${MAX_TIMER_MS}.`;
  checkNumber(ms, between(0, MAX_TIMER_MS), message);
  const { times, when } = options as Scenario;
  return {
    value: ms,
    remaining: checkTimes(times, words),
    when: checkWhen([operation], when, words, "delayNext"),
  };
}

/** The operation and the option names of a fault; returns the message prefix. */
function checkCall(
  operation: PlantStoreOperation,
  options: object,
  known: Record<string, true>,
  { prefix }: FaultWords,
): string {
  if (!isOperation(operation)) {
    throw new TypeError(
      `${prefix}unknown operation ${shownName(String(operation))}; use ${OPERATIONS.join(" or ")}.`,
    );
  }
  checkOptionNames(options, known, prefix);
  return prefix;
}

/** How many calls a scenario is for, in process and over HTTP alike. */
const TIMES_RULE = `an integer from 1 to ${Number.MAX_SAFE_INTEGER}`;

/**
 * `times`: default 1; a safe integer from 1, or "until cleared" as `words` spells it. Over HTTP
 * only the string means it: a number JSON reads as Infinity (1e400) is refused as 1e300 is.
 */
function checkTimes(times: unknown, words: FaultWords): number {
  if (times === undefined) return 1;
  if (times === words.untilCleared) return Number.POSITIVE_INFINITY;
  const message = `${words.prefix}times must be ${TIMES_RULE}, or ${words.infinity}.`;
  return checkNumber(times, wholeFrom(1), message);
}
