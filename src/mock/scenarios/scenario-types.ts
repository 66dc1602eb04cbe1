// Public types of the scenarios (failNext, respondNext, delayNext, breakNext, chaos,
// respondWith): what a test sets on a world to change the answers of its next requests.

import type { PlantStoreOperation, ReceivedRequest } from "../../contract/journal-entries.js";
import type {
  DeclaredAnswer,
  ErrorStatus,
  PartialRequest,
  ScenarioTimes,
  ScriptedHeaders,
} from "../../contract/scripted-answer-types.js";
import type { BreakKind } from "./break-kinds.js";

/**
 * Which requests of `Op` a scenario is for: a {@link PartialRequest}, or (in process) a
 * function of the request as the journal lists it. A request it does not match is answered as
 * if the scenario were not there, and the scenario stays queued.
 */
export type ScenarioWhen<Op extends PlantStoreOperation = PlantStoreOperation> =
  | PartialRequest<Op>
  | ((request: ReceivedRequest<Op>) => boolean);

/** How `failNext` fails the next call(s). */
export interface FailNextOptions<Op extends PlantStoreOperation = PlantStoreOperation>
  extends ScenarioTimes {
  /** HTTP status of the simulated failure, 400 to 599 (another number does not compile); default 500. */
  status?: ErrorStatus | undefined;
  /** The Error body's `message`, not empty; a sentence naming the status by default. */
  message?: string | undefined;
  /**
   * Extra response headers, such as `Retry-After`: a `Headers` or a plain object. Names are
   * case-insensitive: one that the answer already has (`Content-Type`) replaces it. Values
   * are visible ASCII (spaces and tabs allowed).
   */
  headers?: Headers | Record<string, string> | undefined;
  /** Only the requests it matches fail (and count toward `times`); default every request. */
  when?: ScenarioWhen<Op> | undefined;
}

/** How many calls `delayNext` delays. */
export interface DelayNextOptions<Op extends PlantStoreOperation = PlantStoreOperation>
  extends ScenarioTimes {
  /** Only the requests it matches wait (and count toward `times`); default every request. */
  when?: ScenarioWhen<Op> | undefined;
}

/** What a `respondNext` answer may add to its status and body. */
export interface RespondNextExtras<Op extends PlantStoreOperation = PlantStoreOperation>
  extends ScriptedHeaders,
    ScenarioTimes {
  /** Only the requests it matches get it (and count toward `times`); default every request. */
  when?: ScenarioWhen<Op> | undefined;
}

/**
 * An answer `openapi.yaml` declares for `Op`, by status: a status it declares with that
 * status's body, or (under `default`) any other 4xx/5xx with the Error body. So
 * `{ status: 201, body: [] }` for listPlants, or a plant whose name is a number, do not compile.
 */
export type RespondNextAnswer<Op extends PlantStoreOperation> = DeclaredAnswer<
  Op,
  RespondNextExtras<Op>
>;

/**
 * What a `respondWith` function returns for a request of `Op`: an answer as `respondNext`
 * takes it (status, body, headers), or `undefined` for the contract's own answer.
 */
export type RespondWithAnswer<Op extends PlantStoreOperation> = DeclaredAnswer<Op, ScriptedHeaders>;

/** How many calls `breakNext` breaks. */
export interface BreakNextOptions<Op extends PlantStoreOperation = PlantStoreOperation>
  extends ScenarioTimes {
  /** Only the requests it matches break (and count toward `times`); default every request. */
  when?: ScenarioWhen<Op> | undefined;
}

/** A failure `chaos` may pick: an Error answer as `failNext` takes it, or a break kind. */
export type ChaosFailure = BreakKind | Omit<FailNextOptions, "times" | "when">;

/** What `chaos` does from now on. */
export interface ChaosOptions<Op extends PlantStoreOperation = PlantStoreOperation> {
  /** The probability, from 0 to 1, that a call fails. */
  rate: number;
  /** An integer from 0 to 2^32 - 1: the same seed and the same requests give the same failures. */
  seed: number;
  /** What a failing call gets, each as likely as the others. */
  failures: readonly ChaosFailure[];
  /** The operations it applies to; default both. */
  operations?: readonly Op[] | undefined;
  /**
   * Only the requests it matches may fail, and only they draw from the generator: the same
   * seed and the same matching requests give the same answers, whatever else arrives.
   */
  when?: ScenarioWhen<Op> | undefined;
}

/**
 * A world's scenarios, for tests: failures, scripted answers, delays, breaks, chaos and
 * respondWith, on the MSW handlers, the fetch handler and the server.
 */
export interface PlantStoreScenarios {
  /** Makes the next call(s) of `operation` answer `status` (default 500) with the Error body. */
  failNext<Op extends PlantStoreOperation>(operation: Op, options?: FailNextOptions<Op>): void;
  /**
   * Makes the next call(s) of `operation` answer exactly `status` and `body`, which must be an
   * answer openapi.yaml declares for it (checked when set: a TypeError names the bad field,
   * a RangeError the status). Nothing is stored.
   */
  respondNext<Op extends PlantStoreOperation>(operation: Op, answer: RespondNextAnswer<Op>): void;
  /** Makes the next call(s) of `operation` answer only after `ms` ms (at most 2^31 - 1). */
  delayNext<Op extends PlantStoreOperation>(
    operation: Op,
    ms: number,
    options?: DelayNextOptions<Op>,
  ): void;
  /**
   * Breaks the next call(s) of `operation` in a way the contract cannot describe (a dropped
   * connection, a hang, a cut or malformed body, a wrong shape); a broken create stores nothing.
   */
  breakNext<Op extends PlantStoreOperation>(
    operation: Op,
    kind: BreakKind,
    options?: BreakNextOptions<Op>,
  ): void;
  /**
   * From now on each call (of `operations`) fails with probability `rate`, with a failure drawn
   * from `failures` by a generator seeded with `seed`: the same seed and the same requests give
   * the same answers on every serving path. `null`, `clearFaults()` or a reset ends it.
   */
  chaos<Op extends PlantStoreOperation = PlantStoreOperation>(
    options: ChaosOptions<Op> | null,
  ): void;
  /**
   * From now on every call of `operation` that nothing else answered (the queue, `Prefer`,
   * chaos) gets the answer `respond` returns for it, checked by respondNext's rules when it
   * returns; `undefined` gives the contract's own answer. An answer openapi.yaml forbids, or a
   * `respond` that throws, gives the request a 500 naming the problem, and the journal lists it
   * with `scriptProblem` (so `toHaveNoContractViolations()` fails). Nothing is stored. A second
   * call replaces the first; `clearFaults()` and a reset remove it. In process only.
   */
  respondWith<Op extends PlantStoreOperation>(
    operation: Op,
    respond: (request: ReceivedRequest<Op>) => RespondWithAnswer<Op> | undefined,
  ): void;
  /**
   * Drops every pending failure, delay and break, ends chaos and respondWith, and ends every
   * request still waiting (a delay, a hang): it gets no answer, as if the connection dropped.
   */
  clearFaults(): void;
}

/** @deprecated The old name of {@link PlantStoreScenarios}, which holds more than faults. */
export type PlantStoreFaults = PlantStoreScenarios;
