// Scenario helpers for consumer tests: the next call(s) of an operation fail, get a scripted
// answer, break or are slow. Faults are queued per operation and consumed in the order they were
// set (failNext, respondNext and breakNext share one queue, so failNext then breakNext fails one
// call, then breaks the next).
// Every argument is checked when the scenario is set (fault-checks.ts). A request takes its
// whole scenario when it arrives (`decide`), and the requests that then wait are this world's to
// end (`clearFaults`).

import type {
  BreakNextOptions,
  DelayNextOptions,
  FailNextOptions,
  PlantStoreFaults,
  PlantStoreOperation,
} from "../types.js";
import type { BreakKind } from "./break-kinds.js";
import { type ChaosPlan, checkChaos, drawChaos } from "./chaos.js";
import {
  checkBreak,
  checkDelay,
  checkFailure,
  checkResponse,
  type FaultWords,
  IN_PROCESS,
  OVER_HTTP,
  type Queued,
} from "./fault-checks.js";
import { errorPending, type PendingAnswer, preferredAnswer } from "./scripted-answers.js";
import { createWaitingRequests, type Shutdown, type WaitingRequests } from "./waiting-requests.js";

/** What a request takes from its world's scenarios when it arrives, as one decision. */
export interface ScenarioDecision {
  /** How long it waits before it is answered: a delayNext, `Infinity` for a hang, else 0. */
  waitMs: number;
  /** What answers it instead of the contract's rules, if anything does. */
  answer: PendingAnswer | undefined;
}

const NO_SCENARIO: ScenarioDecision = Object.freeze({ waitMs: 0, answer: undefined });

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
