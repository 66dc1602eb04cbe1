// Scenario helpers for consumer tests: the next call(s) of an operation fail or are slow.
// Faults are queued per operation and consumed in the order they were set. Every argument
// is checked when the scenario is set, so a mistake fails in the test that made it rather
// than as a strange answer later.

import { MAX_TIMER_MS } from "../contract/timer-limit.js";
import { checkFailureHeaders } from "./failure-headers.js";
import type {
  DelayNextOptions,
  FailNextOptions,
  PlantStoreFaults,
  PlantStoreOperation,
} from "./types.js";

export interface PendingFailure {
  status: number;
  message: string;
  /** By lower-case name, so they replace the answer's own headers of the same name. */
  headers: Record<string, string>;
}

interface Queued<T> {
  value: T;
  remaining: number;
}

export interface FaultInjector extends PlantStoreFaults {
  /** Takes the next delay (ms) for `operation`, or 0. */
  takeDelay(operation: PlantStoreOperation): number;
  /** Takes the next failure for `operation`, or undefined. */
  takeFailure(operation: PlantStoreOperation): PendingFailure | undefined;
}

/** The operations a fault can target, in process and through POST /__admin/faults. */
export const OPERATIONS: readonly PlantStoreOperation[] = ["listPlants", "createPlant"];
const FAIL_NEXT_OPTIONS = ["status", "message", "times", "headers"];
const DELAY_NEXT_OPTIONS = ["times"];
/** `failNext(operation)` alone: the server failing as servers do. */
const DEFAULT_FAILURE_STATUS = 500;

export function createFaultInjector(): FaultInjector {
  const failures = new Map<PlantStoreOperation, Queued<PendingFailure>[]>();
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
      assertOperation(operation, "failNext");
      assertOptions(options, FAIL_NEXT_OPTIONS, "failNext");
      const status = checkStatus(options.status);
      const message =
        options.message === undefined
          ? `${operation} failed with status ${status} (simulated by failNext).`
          : options.message;
      if (typeof message !== "string") throw new TypeError("failNext: message must be a string.");
      // The Error body promises a message a person can read; "" would answer nothing.
      if (message === "") throw new RangeError("failNext: message must not be empty.");
      const headers = checkFailureHeaders(options.headers);
      const remaining = checkTimes(options.times, "failNext");
      push(failures, operation, { value: { status, message, headers }, remaining });
    },
    delayNext(operation, ms: number, options: DelayNextOptions = {}) {
      assertOperation(operation, "delayNext");
      assertOptions(options, DELAY_NEXT_OPTIONS, "delayNext");
      const message = `delayNext: ms must be a number of milliseconds from 0 to ${MAX_TIMER_MS}.`;
      if (typeof ms !== "number") throw new TypeError(message);
      if (!(ms >= 0 && ms <= MAX_TIMER_MS)) throw new RangeError(message);
      push(delays, operation, { value: ms, remaining: checkTimes(options.times, "delayNext") });
    },
    clearFaults() {
      failures.clear();
      delays.clear();
      pending = 0;
    },
    takeDelay(operation) {
      return pending === 0 ? 0 : (take(delays, operation) ?? 0);
    },
    takeFailure(operation) {
      return pending === 0 ? undefined : take(failures, operation);
    },
  };
}

function assertOperation(operation: PlantStoreOperation, where: string): void {
  if (!OPERATIONS.includes(operation)) {
    throw new TypeError(
      `${where}: unknown operation "${operation}"; use listPlants or createPlant.`,
    );
  }
}

function assertOptions(options: object, known: readonly string[], where: string): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`${where}: options must be an object.`);
  }
  for (const name of Object.keys(options)) {
    if (!known.includes(name)) {
      throw new TypeError(
        `${where}: unknown option "${name}"; the options are ${known.join(", ")}.`,
      );
    }
  }
}

function checkStatus(status: unknown): number {
  if (status === undefined) return DEFAULT_FAILURE_STATUS;
  const message = "failNext: status must be an integer from 400 to 599.";
  if (typeof status !== "number") throw new TypeError(message);
  if (!(Number.isInteger(status) && status >= 400 && status <= 599)) throw new RangeError(message);
  return status;
}

function checkTimes(times: unknown, where: string): number {
  if (times === undefined) return 1;
  const message = `${where}: times must be a positive integer or Infinity.`;
  if (typeof times !== "number") throw new TypeError(message);
  if (times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1)) return times;
  throw new RangeError(message);
}
