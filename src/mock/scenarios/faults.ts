// Scenario helpers for consumer tests: the next call(s) of an operation fail, get a scripted
// answer, break or are slow. Faults are queued per operation and consumed in the order they were
// set (failNext, respondNext and breakNext share one queue, so failNext then breakNext fails one
// call, then breaks the next).
// Every argument is checked when the scenario is set, so a mistake fails in the test that made
// it rather than as a strange answer later. A request takes its whole scenario when it arrives
// (`decide`), and the requests that then wait are this world's to end (`clearFaults`).

import { isOperation } from "../../contract/journal-entries.js";
import { between, checkNumber, wholeFrom } from "../../contract/number-check.js";
import { checkOptionNames, shownName } from "../../contract/option-names.js";
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";
import { BREAK_KINDS, type BreakKind, OPERATIONS } from "../http/core-types.js";
import type {
  BreakNextOptions,
  DelayNextOptions,
  FailNextOptions,
  PlantStoreFaults,
  PlantStoreOperation,
  RespondNextExtras,
} from "../types.js";
import { type ChaosPlan, checkChaos, drawChaos } from "./chaos.js";
import {
  checkRespondAnswer,
  errorPending,
  preferredAnswer,
  type ScriptedAnswer,
} from "./scripted-answers.js";
import { checkFailureFields } from "./scripted-headers.js";
import { createWaitingRequests, type Shutdown, type WaitingRequests } from "./waiting-requests.js";

/** A call breakNext (or chaos) breaks, in the same queue as the other scripted answers. */
export interface PendingBreak {
  by: "breakNext" | "chaos";
  break: BreakKind;
}

/** What the next call of an operation answers instead of the contract's own answer. */
export type PendingAnswer = ScriptedAnswer | PendingBreak;

/** What a request takes from its world's scenarios when it arrives, as one decision. */
export interface ScenarioDecision {
  /** How long it waits before it is answered: a delayNext, `Infinity` for a hang, else 0. */
  waitMs: number;
  /** What answers it instead of the contract's rules, if anything does. */
  answer: PendingAnswer | undefined;
}

const NO_SCENARIO: ScenarioDecision = Object.freeze({ waitMs: 0, answer: undefined });

interface Queued<T> {
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

const IN_PROCESS = {
  failNext: { prefix: "failNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  delayNext: { prefix: "delayNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  breakNext: { prefix: "breakNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  respondNext: { prefix: "respondNext: ", ms: "ms", infinity: "Infinity", kind: "kind" },
  chaos: { prefix: "chaos: ", ms: "ms", infinity: "Infinity", kind: "kind" },
} satisfies Record<string, FaultWords>;
/** The words of POST /__admin/faults, whose body says `delayMs`, `break` and `"Infinity"`. */
const OVER_HTTP: FaultWords = {
  prefix: "",
  ms: "delayMs",
  infinity: '"Infinity"',
  kind: "break",
};

/** What one POST /__admin/faults sets for an operation, each part optional. */
export interface FaultSet {
  failure?: FailNextOptions | undefined;
  delay?: { ms: number; times: number } | undefined;
  break?: { kind: BreakKind; times: number } | undefined;
}

export interface FaultInjector extends PlantStoreFaults {
  /**
   * failNext, delayNext and/or breakNext of one operation in one step, all checked before any
   * is queued (POST /__admin/faults); messages use the admin body's words by default.
   */
  addFault(operation: PlantStoreOperation, fault: FaultSet, words?: FaultWords): void;
  /** chaos with the admin body's words (PUT /__admin/chaos). */
  setChaos(options: object | null, words?: FaultWords): void;
  /** respondNext with the admin body's words (POST /__admin/responses). */
  addResponse(operation: PlantStoreOperation, answer: object, words?: FaultWords): void;
  /**
   * Everything that shapes the answer of a call of `operation` that has just arrived, taken at
   * once: its delay, then a queued answer (failNext, respondNext, breakNext), else the request's
   * own `Prefer: code=N` (`prefer`: the header), else a chaos draw, which is made only for calls
   * nothing else answered, so its sequence follows the requests it saw.
   */
  decide(operation: PlantStoreOperation, prefer: string | null): ScenarioDecision;
  /** Waits out a decision's `waitMs` in this world; `clearFaults()` ends every such wait. */
  wait: WaitingRequests["wait"];
}

// `satisfies` keeps these lists complete: a new option does not compile until it is listed.
const FAIL_NEXT_OPTIONS = {
  status: true,
  message: true,
  times: true,
  headers: true,
} satisfies Record<keyof FailNextOptions, true>;
const DELAY_NEXT_OPTIONS = { times: true } satisfies Record<keyof DelayNextOptions, true>;
const BREAK_NEXT_OPTIONS = { times: true } satisfies Record<keyof BreakNextOptions, true>;
const RESPOND_NEXT_OPTIONS = {
  status: true,
  body: true,
  headers: true,
  times: true,
} satisfies Record<"status" | "body" | keyof RespondNextExtras, true>;
/** `failNext(operation)` alone: the server failing as servers do. */

/** `shutdown`: closed when the server closes, so no waiting request can hold its close back. */
export function createFaultInjector(shutdown: Shutdown): FaultInjector {
  // failNext, respondNext and breakNext share one queue: answers come in the order they were set.
  const failures = new Map<PlantStoreOperation, Queued<PendingAnswer>[]>();
  const delays = new Map<PlantStoreOperation, Queued<number>[]>();
  const waiting = createWaitingRequests(shutdown);
  let chaos: ChaosPlan | undefined;
  // Lets the hot path skip every lookup when no scenario is set, which is nearly always.
  let pending = 0;

  function take<T>(queues: Map<PlantStoreOperation, Queued<T>[]>, operation: PlantStoreOperation) {
    const first = queues.get(operation)?.[0];
    if (first === undefined) return undefined;
    first.remaining--;
    if (first.remaining <= 0) {
      queues.get(operation)?.shift();
      pending--;
    }
    return first.value;
  }

  function push<T>(
    queues: Map<PlantStoreOperation, Queued<T>[]>,
    op: PlantStoreOperation,
    item: Queued<T>,
  ) {
    const queue = queues.get(op);
    if (queue === undefined) queues.set(op, [item]);
    else queue.push(item);
    pending++;
  }

  return {
    failNext(operation, options: FailNextOptions = {}) {
      push(failures, operation, checkFailure(operation, options, IN_PROCESS.failNext));
    },
    respondNext(operation, answer) {
      push(failures, operation, checkResponse(operation, answer, IN_PROCESS.respondNext));
    },
    addResponse(operation, answer, words = OVER_HTTP) {
      push(failures, operation, checkResponse(operation, answer, words));
    },
    delayNext(operation, ms: number, options: DelayNextOptions = {}) {
      push(delays, operation, checkDelay(operation, ms, options, IN_PROCESS.delayNext));
    },
    breakNext(operation, kind: BreakKind, options: BreakNextOptions = {}) {
      push(failures, operation, checkBreak(operation, kind, options, IN_PROCESS.breakNext));
    },
    addFault(operation, fault, words = OVER_HTTP) {
      // All are checked before any is queued: a refused fault changes nothing.
      const { failure, delay, break: broken } = fault;
      const checkedFailure = failure && checkFailure(operation, failure, words);
      const checkedDelay = delay && checkDelay(operation, delay.ms, { times: delay.times }, words);
      const checkedBreak =
        broken && checkBreak(operation, broken.kind, { times: broken.times }, words);
      if (checkedFailure !== undefined) push(failures, operation, checkedFailure);
      if (checkedDelay !== undefined) push(delays, operation, checkedDelay);
      if (checkedBreak !== undefined) push(failures, operation, checkedBreak);
    },
    chaos(options) {
      setChaos(options, IN_PROCESS.chaos);
    },
    setChaos,
    clearFaults() {
      chaos = undefined;
      failures.clear();
      delays.clear();
      pending = 0;
      waiting.endAll();
    },
    decide(operation, prefer) {
      if (pending === 0 && chaos === undefined && prefer === null) return NO_SCENARIO;
      const delay = take(delays, operation) ?? 0;
      const answer =
        take(failures, operation) ?? preferredAnswer(operation, prefer) ?? drawnChaos(operation);
      const hangs = answer !== undefined && "break" in answer && answer.break === "hang";
      return { waitMs: hangs ? Number.POSITIVE_INFINITY : delay, answer };
    },
    wait: waiting.wait,
  };

  function setChaos(options: object | null, words = OVER_HTTP): void {
    chaos = options === null ? undefined : checkChaos(options, words.prefix);
  }

  /** What chaos does to this call of `operation`, if it is on and draws a failure. */
  function drawnChaos(operation: PlantStoreOperation): PendingAnswer | undefined {
    const drawn = chaos === undefined ? undefined : drawChaos(chaos, operation);
    if (drawn === undefined) return undefined;
    if (typeof drawn === "string") return { by: "chaos", break: drawn };
    return errorPending("chaos", operation, drawn.status, drawn.message, drawn.headers);
  }
}

function checkFailure(
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

function checkResponse(
  operation: PlantStoreOperation,
  answer: object,
  words: FaultWords,
): Queued<ScriptedAnswer> {
  const prefix = checkCall(operation, answer, RESPOND_NEXT_OPTIONS, words);
  const value = checkRespondAnswer(operation, answer, prefix);
  return { value, remaining: checkTimes((answer as { times?: unknown }).times, words) };
}

function checkBreak(
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

function checkDelay(
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
