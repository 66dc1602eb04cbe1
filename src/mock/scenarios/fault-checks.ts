// The checks of every scenario's arguments, made when it is set, so a mistake fails in the test
// that made it rather than as a strange answer later; in process their messages name the verb
// (`failNext: ...`), over HTTP the admin body's fields (`delayMs`, `break`, `"Infinity"`).

import { isOperation, OPERATIONS } from "../../contract/journal-entries.js";
import { between, checkNumber, wholeFrom } from "../../contract/number-check.js";
import { checkOptionNames, shownName } from "../../contract/option-names.js";
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";
import type {
  BreakNextOptions,
  DelayNextOptions,
  FailNextOptions,
  PlantStoreOperation,
  RespondNextExtras,
} from "../types.js";
import { BREAK_KINDS, type BreakKind } from "./break-kinds.js";
import { checkRespondAnswer } from "./respond-next.js";
import { errorPending, type PendingBreak, type ScriptedAnswer } from "./scripted-answers.js";
import { checkFailureFields, FAILURE_FIELD_NAMES } from "./scripted-headers.js";

/** A scenario as queued: what it answers, and for how many more calls. */
export interface Queued<T> {
  value: T;
  remaining: number;
}

/** How messages name the call and its fields: failNext's `ms`, or the admin body's `delayMs`. */
export interface FaultWords {
  /** Put before every message, such as "failNext: ". */
  prefix: string;
  ms: string;
  infinity: string;
  /** How the break kind is named: breakNext's `kind`, or the admin body's `break`. */
  kind: string;
}

export const IN_PROCESS = {
  failNext: { prefix: "failNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  delayNext: { prefix: "delayNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  breakNext: { prefix: "breakNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  respondNext: { prefix: "respondNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  chaos: { prefix: "chaos: ", ms: "ms", infinity: "Infinity", kind: "kind" },
} satisfies Record<string, FaultWords>;
/** The words of POST /__admin/faults, whose body says `delayMs`, `break` and `"Infinity"`. */
export const OVER_HTTP: FaultWords = {
  prefix: "",
  ms: "delayMs",
  infinity: '"Infinity"',
  kind: "break",
};

// `satisfies` keeps these lists complete: a new option does not compile until it is listed.
const FAIL_NEXT_OPTIONS = { ...FAILURE_FIELD_NAMES, times: true } satisfies Record<
  keyof FailNextOptions,
  true
>;
const DELAY_NEXT_OPTIONS = { times: true } satisfies Record<keyof DelayNextOptions, true>;
const BREAK_NEXT_OPTIONS = { times: true } satisfies Record<keyof BreakNextOptions, true>;
const RESPOND_NEXT_OPTIONS = {
  status: true,
  body: true,
  headers: true,
  times: true,
} satisfies Record<"status" | "body" | keyof RespondNextExtras, true>;

export function checkFailure(
  operation: PlantStoreOperation,
  options: FailNextOptions,
  words: FaultWords,
): Queued<ScriptedAnswer> {
  const prefix = checkCall(operation, options, FAIL_NEXT_OPTIONS, words);
  const { status, message, headers } = checkFailureFields(options, prefix);
  return {
    value: errorPending("failNext", operation, status, message, headers),
    remaining: checkTimes(options.times, words),
  };
}

export function checkResponse(
  operation: PlantStoreOperation,
  answer: object,
  words: FaultWords,
): Queued<ScriptedAnswer> {
  const prefix = checkCall(operation, answer, RESPOND_NEXT_OPTIONS, words);
  const value = checkRespondAnswer(operation, answer, prefix);
  return { value, remaining: checkTimes((answer as { times?: unknown }).times, words) };
}

export function checkBreak(
  operation: PlantStoreOperation,
  kind: BreakKind,
  options: BreakNextOptions,
  words: FaultWords,
): Queued<PendingBreak> {
  const prefix = checkCall(operation, options, BREAK_NEXT_OPTIONS, words);
  if (!BREAK_KINDS.includes(kind)) {
    // Not echoed: over HTTP it is whatever a client put there, a token included.
    throw new TypeError(`${prefix}${words.kind} must be one of ${BREAK_KINDS.join(", ")}.`);
  }
  return { value: { by: "breakNext", break: kind }, remaining: checkTimes(options.times, words) };
}

export function checkDelay(
  operation: PlantStoreOperation,
  ms: number,
  options: DelayNextOptions,
  words: FaultWords,
): Queued<number> {
  const prefix = checkCall(operation, options, DELAY_NEXT_OPTIONS, words);
  const message = `${prefix}${words.ms} must be a number of milliseconds from 0 to ${MAX_TIMER_MS}.`;
  checkNumber(ms, between(0, MAX_TIMER_MS), message);
  return { value: ms, remaining: checkTimes(options.times, words) };
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

function checkTimes(times: unknown, words: FaultWords): number {
  if (times === undefined) return 1;
  const message = `${words.prefix}times must be a positive integer or ${words.infinity}.`;
  const accepts = (count: number) => count === Number.POSITIVE_INFINITY || wholeFrom(1)(count);
  return checkNumber(times, accepts, message);
}
