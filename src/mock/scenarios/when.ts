// `when`: which requests a scenario is for. The partial form is checked by the one rule every
// entry shares (src/contract/partial-when.ts) and compared by the matchers' partial rule
// (src/contract/partial-match.ts); in process a function of the request may decide instead.
// Checked when the scenario is set, like every other argument: a field the operation lacks, or a
// value it could never have, is refused there rather than matching nothing in silence.

import type {
  PlantStoreOperation,
  ReceivedRequest,
  ScriptedBy,
} from "../../contract/journal-entries.js";
import { matchesPartly } from "../../contract/partial-match.js";
import { checkPartialWhen, type WhenWords } from "../../contract/partial-when.js";
import { isUnawaitedPromise, thrownMessage } from "./test-function.js";

/** A checked `when`: whether an arriving request is one the scenario is for. */
export type RequestTest = (request: ReceivedRequest) => boolean;

/** What a `when` function threw, for the request to be answered with (faults.ts). */
export class WhenFailure extends Error {
  constructor(
    readonly by: ScriptedBy,
    /** What starts the message: "failNext: when threw: ". */
    readonly prefix: string,
    /** What the function threw, as text: the test's words, which may hold a token. */
    readonly thrown: string,
  ) {
    super(prefix + thrown);
  }
}

/**
 * `when` of a scenario of `operations` (one, or chaos's), checked, as a test of an arriving
 * request; `undefined` when none was given (every request). `by` names the scenario in what a
 * throwing function gives.
 */
export function checkWhen(
  operations: readonly PlantStoreOperation[],
  when: unknown,
  words: WhenWords,
  by: ScriptedBy,
): RequestTest | undefined {
  if (when === undefined) return undefined;
  if (typeof when === "function") {
    return predicate(when as (request: ReceivedRequest) => unknown, words.prefix, by);
  }
  const expected = checkPartialWhen(operations, when, words);
  return (request) => matchesPartly(request, expected);
}

/**
 * A function of the request: what it returns, as a boolean; what it throws, a WhenFailure. A
 * promise is one too: the match is decided when the request arrives, and a promise, always
 * truthy, would otherwise match every request.
 */
function predicate(
  when: (request: ReceivedRequest) => unknown,
  prefix: string,
  by: ScriptedBy,
): RequestTest {
  return (request) => {
    let matched: unknown;
    try {
      matched = when(request);
    } catch (error) {
      throw new WhenFailure(by, `${prefix}when threw: `, thrownMessage(error));
    }
    if (isUnawaitedPromise(matched)) {
      throw new WhenFailure(by, `${prefix}when returned a promise; return true or false.`, "");
    }
    return Boolean(matched);
  };
}
