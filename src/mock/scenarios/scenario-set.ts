// Scenario helpers for consumer tests: the next call(s) of an operation fail, get a scripted
// answer, break or are slow. Faults are queued per operation and consumed in the order they were
// set (failNext, respondNext and breakNext share one queue, so failNext then breakNext fails one
// call, then breaks the next); one with a `when` is for the requests it matches only, and waits
// in its place for them. respondWith answers whatever nothing else did.
// Every argument is checked when the scenario is set (fault-checks.ts). A request takes its
// whole scenario when it arrives (`decide`), and the requests that then wait are this world's to
// end (`clearFaults`).

import type { PlantStoreOperation, ReceivedRequest } from "../../contract/journal-entries.js";
import type { BreakKind } from "./break-kinds.js";
import { type ChaosPlan, checkChaos, drawChaos } from "./chaos.js";
import { respondWithAnswer } from "./declared-answers.js";
import {
  checkBreak,
  checkDelay,
  checkFailure,
  checkResponder,
  checkResponse,
  type FaultWords,
  IN_PROCESS,
  OVER_HTTP,
  type Queued,
} from "./scenario-checks.js";
import type { FailNextOptions, PlantStoreScenarios } from "./scenario-types.js";
import {
  errorPending,
  type PendingAnswer,
  preferredAnswer,
  scriptProblem,
} from "./scripted-answer.js";
import { createWaitingRequests, type Shutdown, type WaitingRequests } from "./waiting-requests.js";
import { WhenFailure } from "./when.js";

/** What a request takes from its world's scenarios when it arrives, as one decision. */
export interface ScenarioDecision {
  /** How long it waits before it is answered: a delayNext, `Infinity` for a hang, else 0. */
  waitMs: number;
  /** What answers it instead of the contract's rules, if anything does. */
  answer: PendingAnswer | undefined;
}

const NO_SCENARIO: ScenarioDecision = Object.freeze({ waitMs: 0, answer: undefined });

/** What a request brings to its decision: its `Prefer`, and itself as the journal lists it. */
export interface Arrival {
  /** Its `Prefer` header. */
  prefer: string | null;
  /** The request as its journal entry lists it, tokens hidden; built only when a `when` or respondWith asks. */
  received(): ReceivedRequest;
  /** Hides every token in text a test's function wrote, before it reaches the app or the journal. */
  redact(text: string): string;
}

/** What one POST /__admin/faults sets for an operation, each part optional. */
export interface FaultSet {
  failure?: FailNextOptions | undefined;
  delay?: { ms: number; times?: number | undefined; when?: unknown } | undefined;
  break?: { kind: BreakKind; times?: number | undefined; when?: unknown } | undefined;
}

export interface ScenarioSet extends PlantStoreScenarios {
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
  decide(operation: PlantStoreOperation, arrival: Arrival): ScenarioDecision;
  /** Waits out a decision's `waitMs` in this world; `clearFaults()` ends every such wait. */
  wait: WaitingRequests["wait"];
}

/** `shutdown`: closed when the server closes, so no waiting request can hold its close back. */
export function createScenarioSet(shutdown: Shutdown): ScenarioSet {
  // failNext, respondNext and breakNext share one queue: answers come in the order they were set.
  const failures = new Map<PlantStoreOperation, Queued<PendingAnswer>[]>();
  const delays = new Map<PlantStoreOperation, Queued<number>[]>();
  const waiting = createWaitingRequests(shutdown);
  const responders = new Map<PlantStoreOperation, (request: ReceivedRequest) => unknown>();
  let chaos: ChaosPlan | undefined;

  /** The first queued scenario of `operation` for this request, counted; others stay as they are. */
  function take<T>(
    queues: Map<PlantStoreOperation, Queued<T>[]>,
    operation: PlantStoreOperation,
    request: () => ReceivedRequest,
  ) {
    const queue = queues.get(operation);
    if (queue === undefined) return undefined;
    const index = queue.findIndex((item) => item.when === undefined || item.when(request()));
    const found = queue[index];
    if (found === undefined) return undefined;
    found.remaining--;
    if (found.remaining <= 0) queue.splice(index, 1);
    // An operation holds a queue only while something waits in it (see `idle`).
    if (queue.length === 0) queues.delete(operation);
    return found.value;
  }

  function push<T>(
    queues: Map<PlantStoreOperation, Queued<T>[]>,
    op: PlantStoreOperation,
    item: Queued<T>,
  ) {
    const queue = queues.get(op);
    if (queue === undefined) queues.set(op, [item]);
    else queue.push(item);
  }

  /**
   * Whether nothing can shape a call of `operation` that sends no `Prefer`: no scenario of its
   * own and no chaos, whatever is set for other operations. Most requests: they take no view.
   */
  function idle(operation: PlantStoreOperation): boolean {
    return (
      chaos === undefined &&
      !failures.has(operation) &&
      !delays.has(operation) &&
      !responders.has(operation)
    );
  }

  return {
    failNext(operation, options: object = {}) {
      push(failures, operation, checkFailure(operation, options, IN_PROCESS.failNext));
    },
    respondWith(operation, respond) {
      checkResponder(operation, respond);
      responders.set(operation, respond as (request: ReceivedRequest) => unknown);
    },
    respondNext(operation, answer) {
      push(failures, operation, checkResponse(operation, answer, IN_PROCESS.respondNext));
    },
    addResponse(operation, answer, words = OVER_HTTP) {
      push(failures, operation, checkResponse(operation, answer, words));
    },
    delayNext(operation, ms: number, options: object = {}) {
      push(delays, operation, checkDelay(operation, ms, options, IN_PROCESS.delayNext));
    },
    breakNext(operation, kind: BreakKind, options: object = {}) {
      push(failures, operation, checkBreak(operation, kind, options, IN_PROCESS.breakNext));
    },
    addFault(operation, fault, words = OVER_HTTP) {
      // All are checked before any is queued: a refused fault changes nothing.
      const { failure, delay, break: broken } = fault;
      const checkedFailure = failure && checkFailure(operation, failure, words);
      const checkedDelay =
        delay && checkDelay(operation, delay.ms, { times: delay.times, when: delay.when }, words);
      const checkedBreak =
        broken &&
        checkBreak(operation, broken.kind, { times: broken.times, when: broken.when }, words);
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
      responders.clear();
      failures.clear();
      delays.clear();
      waiting.endAll();
    },
    decide(operation, arrival) {
      const { prefer } = arrival;
      if (prefer === null && idle(operation)) return NO_SCENARIO;
      // Built once, at the first `when` or respondWith that asks, and frozen: a function of the
      // test that changes it cannot change what the next one sees.
      let view: ReceivedRequest | undefined;
      const request = () => {
        view ??= deepFreeze(arrival.received());
        return view;
      };
      try {
        const delay = take(delays, operation, request) ?? 0;
        const answer =
          take(failures, operation, request) ??
          preferredAnswer(operation, prefer) ??
          drawnChaos(operation, request) ??
          responded(operation, request, arrival);
        const hangs = answer !== undefined && "break" in answer && answer.break === "hang";
        return { waitMs: hangs ? Number.POSITIVE_INFINITY : delay, answer };
      } catch (error) {
        // A `when` function that threw: the request is answered with what it threw, not as if
        // the scenario were not there, so the test that wrote it sees it fail.
        if (!(error instanceof WhenFailure)) throw error;
        const message = error.prefix + arrival.redact(error.thrown);
        return { waitMs: 0, answer: scriptProblem(error.by, message) };
      }
    },
    wait: waiting.wait,
  };

  function setChaos(options: object | null, words = OVER_HTTP): void {
    chaos = options === null ? undefined : checkChaos(options, words);
  }

  /** What chaos does to this call of `operation`, if it is on and draws a failure. */
  function drawnChaos(
    operation: PlantStoreOperation,
    request: () => ReceivedRequest,
  ): PendingAnswer | undefined {
    const drawn = chaos === undefined ? undefined : drawChaos(chaos, operation, request);
    if (drawn === undefined) return undefined;
    if (typeof drawn === "string") return { by: "chaos", break: drawn };
    return errorPending("chaos", operation, drawn.status, drawn.message, drawn.headers);
  }

  /** respondWith's answer for this call of `operation`, if one is set and gives one. */
  function responded(
    operation: PlantStoreOperation,
    request: () => ReceivedRequest,
    arrival: Arrival,
  ): PendingAnswer | undefined {
    const respond = responders.get(operation);
    return respond && respondWithAnswer(operation, respond, request(), arrival.redact);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const part of Object.values(value)) deepFreeze(part);
  }
  return value;
}
