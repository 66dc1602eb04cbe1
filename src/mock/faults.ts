// Scenario helpers for consumer tests: the next call(s) of an operation fail or are slow.
// Faults are queued per operation and consumed in the order they were set. Every argument
// is checked when the scenario is set, so a mistake fails in the test that made it rather
// than as a strange answer later.

import { checkOptionNames } from "../contract/option-names.js";
import { MAX_TIMER_MS } from "../contract/timer-limit.js";
import { checkFailureHeaders } from "./failure-headers.js";
import { checkRespondAnswer, errorPending, type PendingAnswer } from "./scripted-answers.js";
import type {
  DelayNextOptions,
  FailNextOptions,
  PlantStoreFaults,
  PlantStoreOperation,
  RespondNextExtras,
} from "./types.js";

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
}

const IN_PROCESS = {
  failNext: { prefix: "failNext: ", ms: "ms", infinity: "Infinity" },
  delayNext: { prefix: "delayNext: ", ms: "ms", infinity: "Infinity" },
  respondNext: { prefix: "respondNext: ", ms: "ms", infinity: "Infinity" },
} satisfies Record<string, FaultWords>;
/** The words of POST /__admin/faults, whose body says `delayMs` and `"Infinity"`. */
const OVER_HTTP: FaultWords = { prefix: "", ms: "delayMs", infinity: '"Infinity"' };

export interface FaultInjector extends PlantStoreFaults {
  /**
   * failNext and/or delayNext of one operation in one step, both checked before either is
   * queued (POST /__admin/faults); messages use the admin body's words by default.
   */
  addFault(
    operation: PlantStoreOperation,
    failure: FailNextOptions | undefined,
    delay: { ms: number; times: number } | undefined,
    words?: FaultWords,
  ): void;
  /** Takes the next delay (ms) for `operation`, or 0. */
  takeDelay(operation: PlantStoreOperation): number;
  /** respondNext with the admin body's words (POST /__admin/responses). */
  addResponse(operation: PlantStoreOperation, answer: object, words?: FaultWords): void;
  /** Takes the next scripted answer (failNext, respondNext) for `operation`, or undefined. */
  takeAnswer(operation: PlantStoreOperation): PendingAnswer | undefined;
}

/** The operations a fault can target, in process and through POST /__admin/faults. */
const OPERATIONS: readonly PlantStoreOperation[] = ["listPlants", "createPlant"];
// `satisfies` keeps these lists complete: a new option does not compile until it is listed.
const FAIL_NEXT_OPTIONS = {
  status: true,
  message: true,
  times: true,
  headers: true,
} satisfies Record<keyof FailNextOptions, true>;
const DELAY_NEXT_OPTIONS = { times: true } satisfies Record<keyof DelayNextOptions, true>;
const RESPOND_NEXT_OPTIONS = {
  status: true,
  body: true,
  headers: true,
  times: true,
} satisfies Record<"status" | "body" | keyof RespondNextExtras, true>;
/** `failNext(operation)` alone: the server failing as servers do. */
const DEFAULT_FAILURE_STATUS = 500;

export function createFaultInjector(): FaultInjector {
  // failNext and respondNext share one queue: answers come in the order they were set.
  const answers = new Map<PlantStoreOperation, Queued<PendingAnswer>[]>();
  const delays = new Map<PlantStoreOperation, Queued<number>[]>();
  // Lets the hot path skip both lookups when no scenario is set, which is nearly always.
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
      push(answers, operation, checkFailure(operation, options, IN_PROCESS.failNext));
    },
    respondNext(operation, answer) {
      push(answers, operation, checkResponse(operation, answer, IN_PROCESS.respondNext));
    },
    addResponse(operation, answer, words = OVER_HTTP) {
      push(answers, operation, checkResponse(operation, answer, words));
    },
    delayNext(operation, ms: number, options: DelayNextOptions = {}) {
      push(delays, operation, checkDelay(operation, ms, options, IN_PROCESS.delayNext));
    },
    addFault(operation, failure, delay, words = OVER_HTTP) {
      // Both are checked before either is queued: a refused fault changes nothing.
      const checkedFailure = failure && checkFailure(operation, failure, words);
      const checkedDelay = delay && checkDelay(operation, delay.ms, { times: delay.times }, words);
      if (checkedFailure !== undefined) push(answers, operation, checkedFailure);
      if (checkedDelay !== undefined) push(delays, operation, checkedDelay);
    },
    clearFaults() {
      answers.clear();
      delays.clear();
      pending = 0;
    },
    takeDelay(operation) {
      return pending === 0 ? 0 : (take(delays, operation) ?? 0);
    },
    takeAnswer(operation) {
      return pending === 0 ? undefined : take(answers, operation);
    },
  };
}

function checkFailure(
  operation: PlantStoreOperation,
  options: FailNextOptions,
  words: FaultWords,
): Queued<PendingAnswer> {
  const prefix = checkCall(operation, options, FAIL_NEXT_OPTIONS, words);
  const status = checkStatus(options.status, prefix);
  const message =
    options.message === undefined
      ? `${operation} failed with status ${status} (simulated by failNext).`
      : options.message;
  if (typeof message !== "string") throw new TypeError(`${prefix}message must be a string.`);
  // The Error body promises a message a person can read; "" would answer nothing.
  if (message === "") throw new RangeError(`${prefix}message must not be empty.`);
  const headers = checkFailureHeaders(options.headers, prefix);
  return {
    value: errorPending("failNext", status, message, headers),
    remaining: checkTimes(options.times, words),
  };
}

function checkResponse(
  operation: PlantStoreOperation,
  answer: object,
  words: FaultWords,
): Queued<PendingAnswer> {
  const prefix = checkCall(operation, answer, RESPOND_NEXT_OPTIONS, words);
  const value = checkRespondAnswer(operation, answer, prefix);
  return { value, remaining: checkTimes((answer as { times?: unknown }).times, words) };
}

function checkDelay(
  operation: PlantStoreOperation,
  ms: number,
  options: DelayNextOptions,
  words: FaultWords,
): Queued<number> {
  const prefix = checkCall(operation, options, DELAY_NEXT_OPTIONS, words);
  const message = `${prefix}${words.ms} must be a number of milliseconds from 0 to ${MAX_TIMER_MS}.`;
  if (typeof ms !== "number") throw new TypeError(message);
  if (!(ms >= 0 && ms <= MAX_TIMER_MS)) throw new RangeError(message);
  return { value: ms, remaining: checkTimes(options.times, words) };
}

/** The operation and the option names of a failNext or delayNext; returns the message prefix. */
function checkCall(
  operation: PlantStoreOperation,
  options: object,
  known: Record<string, true>,
  { prefix }: FaultWords,
): string {
  if (!OPERATIONS.includes(operation)) {
    throw new TypeError(
      `${prefix}unknown operation "${operation}"; use listPlants or createPlant.`,
    );
  }
  checkOptionNames(options, known, prefix);
  return prefix;
}

function checkStatus(status: unknown, prefix: string): number {
  if (status === undefined) return DEFAULT_FAILURE_STATUS;
  const message = `${prefix}status must be an integer from 400 to 599.`;
  if (typeof status !== "number") throw new TypeError(message);
  if (!(Number.isInteger(status) && status >= 400 && status <= 599)) throw new RangeError(message);
  return status;
}

function checkTimes(times: unknown, words: FaultWords): number {
  if (times === undefined) return 1;
  const message = `${words.prefix}times must be a positive integer or ${words.infinity}.`;
  if (typeof times !== "number") throw new TypeError(message);
  if (times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1)) return times;
  throw new RangeError(message);
}
