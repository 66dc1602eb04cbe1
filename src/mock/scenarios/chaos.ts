// chaos({ rate, seed, failures, operations? }): from now on each call of those operations fails
// with probability `rate`, with a failure drawn from `failures` (an Error answer as failNext
// takes it, or a break kind). A seeded generator decides, so the same seed and the same
// sequence of requests give the same answers on every run and every serving path: a flaky
// network a test can reproduce. Checked once, when set, like every scenario.

import type { PlantStoreOperation } from "../../contract/journal-entries.js";
import { isOperation, OPERATIONS, type ReceivedRequest } from "../../contract/journal-entries.js";
import { between, checkNumber } from "../../contract/number-check.js";
import { checkOptionNames } from "../../contract/option-names.js";
import type { WhenWords } from "../../contract/partial-when.js";
import { isSeed, mulberry32, SEED_RULE } from "../../contract/seeded-random.js";
import { BREAK_KINDS, type BreakKind } from "./break-kinds.js";
import { checkFailureFields, FAILURE_FIELD_NAMES, type FailureFields } from "./failure-fields.js";
import type { ChaosOptions, FailNextOptions } from "./scenario-types.js";
import { checkWhen, type RequestTest } from "./when.js";

/** Chaos as set: whom it applies to, what it picks from, and its generator. */
export interface ChaosPlan {
  readonly rate: number;
  readonly operations: ReadonlySet<PlantStoreOperation>;
  readonly failures: readonly (BreakKind | FailureFields)[];
  readonly random: () => number;
  /** Its `when`; none: every request of its operations. */
  readonly when: RequestTest | undefined;
}

const CHAOS_OPTIONS = {
  rate: true,
  seed: true,
  failures: true,
  operations: true,
  when: true,
} satisfies Record<keyof ChaosOptions, true>;

/** `words.prefix` starts every message: "chaos: " in process, nothing for the admin body. */
export function checkChaos(options: unknown, words: WhenWords): ChaosPlan {
  const { prefix } = words;
  checkOptionNames(options, CHAOS_OPTIONS, prefix);
  const { rate, seed, failures, operations, when } = options as Record<string, unknown>;

  const rateRule = `${prefix}rate must be a number from 0 to 1.`;
  const checkedRate = checkNumber(rate, between(0, 1), rateRule);
  const checkedSeed = checkNumber(seed, isSeed, `${prefix}seed must be ${SEED_RULE}.`);

  const failuresRule = `${prefix}failures must be a non-empty array of { status, message?, headers? } or break kinds (${BREAK_KINDS.join(", ")}).`;
  if (!Array.isArray(failures)) throw new TypeError(failuresRule);
  if (failures.length === 0) throw new RangeError(failuresRule);
  // Array.from, not map: map skips the holes of `[, "hang"]`, which a draw would then pick.
  const checked = Array.from(failures, (failure: unknown, index) => {
    const at = `${prefix}failures[${index}]`;
    if (typeof failure === "string") {
      // Not echoed: over HTTP it is whatever a client put there, a token included.
      if (!BREAK_KINDS.includes(failure as BreakKind)) {
        throw new TypeError(`${at} must be one of ${BREAK_KINDS.join(", ")}, or an object.`);
      }
      return failure as BreakKind;
    }
    checkOptionNames(failure, FAILURE_FIELD_NAMES, `${at}: `);
    return checkFailureFields(failure as FailNextOptions, `${at}.`);
  });

  const checkedOperations = checkOperations(operations, prefix);
  return {
    rate: checkedRate,
    operations: new Set(checkedOperations),
    failures: checked,
    random: mulberry32(checkedSeed),
    when: checkWhen(checkedOperations, when, words, "chaos"),
  };
}

function checkOperations(operations: unknown, prefix: string): readonly PlantStoreOperation[] {
  if (operations === undefined) return OPERATIONS;
  const rule = `${prefix}operations must be a non-empty array of ${OPERATIONS.join(", ")}.`;
  if (!Array.isArray(operations)) throw new TypeError(rule);
  if (operations.length === 0) throw new RangeError(rule);
  for (const [index, operation] of operations.entries()) {
    if (!isOperation(operation)) {
      throw new TypeError(`${prefix}operations[${index}] must be ${OPERATIONS.join(" or ")}.`);
    }
  }
  return operations as PlantStoreOperation[];
}

/**
 * What chaos does to this call of `operation`: a failure from the plan, or `undefined` (the call
 * is answered as usual). One draw decides whether it fails, a second which failure; a request
 * its `when` does not match draws nothing, so the sequence follows the matching requests only.
 */
export function drawChaos(
  plan: ChaosPlan,
  operation: PlantStoreOperation,
  request: () => ReceivedRequest,
): BreakKind | FailureFields | undefined {
  if (!plan.operations.has(operation)) return undefined;
  if (plan.when !== undefined && !plan.when(request())) return undefined;
  if (plan.random() >= plan.rate) return undefined;
  return plan.failures[Math.floor(plan.random() * plan.failures.length)];
}
