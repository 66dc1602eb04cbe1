// Scenario helpers for consumer tests: the next call(s) of an operation fail or are slow.
// Faults are queued per operation and consumed in the order they were set.
import type {
  DelayNextOptions,
  FailNextOptions,
  PlantStoreFaults,
  PlantStoreOperation,
} from "./types.js";

export interface PendingFailure {
  status: number;
  message: string;
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

const OPERATIONS: readonly PlantStoreOperation[] = ["listPlants", "createPlant"];

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
    failNext(operation, options: FailNextOptions) {
      assertOperation(operation);
      const { status } = options;
      if (!Number.isInteger(status) || status < 400 || status > 599) {
        throw new RangeError("failNext: status must be an integer from 400 to 599.");
      }
      const message =
        options.message ?? `${operation} failed with status ${status} (simulated by failNext).`;
      const value = { status, message, headers: { ...options.headers } };
      push(failures, operation, { value, remaining: checkTimes(options.times, "failNext") });
    },
    delayNext(operation, ms: number, options: DelayNextOptions = {}) {
      assertOperation(operation);
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError("delayNext: ms must be a finite number of milliseconds, 0 or more.");
      }
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

function assertOperation(operation: PlantStoreOperation): void {
  if (!OPERATIONS.includes(operation)) {
    throw new TypeError(`Unknown operation "${operation}"; use listPlants or createPlant.`);
  }
}

function checkTimes(times: number | undefined, where: string): number {
  if (times === undefined) return 1;
  if (times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1)) return times;
  throw new RangeError(`${where}: times must be a positive integer or Infinity.`);
}
