// `when`: which requests a scenario is for. The partial form names fields of the operation's
// request as openapi.yaml declares it (a list's `query.limit`, a create's `body.name`, `tag`,
// `id`) and is compared by the matchers' partial rule (src/contract/partial-match.ts); in
// process a function of the request may decide instead. Checked when the scenario is set, like
// every other argument: a field the operation lacks, or a value it could never have, is refused
// there rather than matching nothing in silence.

import type { operations } from "../../contract/generated/openapi.js";
import type {
  PlantStoreOperation,
  ReceivedRequest,
  ScriptedBy,
} from "../../contract/journal-entries.js";
import { isListLimit, LIMIT_RULE } from "../../contract/list-limit.js";
import { checkNumber } from "../../contract/number-check.js";
import { shownName } from "../../contract/option-names.js";
import { isPlainObject, matchesPartly } from "../../contract/partial-match.js";
import { isPlantName, PLANT_NAME_RULE, PLANT_TAG_RULE } from "../../contract/plant-fields.js";
import { isPlantId, PLANT_ID_RULE } from "../../contract/plant-id.js";
import type { NewPlant } from "../../contract/plant-types.js";
import { isUnawaitedPromise, thrownMessage } from "./test-function.js";

/** A checked `when`: whether an arriving request is one the scenario is for. */
export type RequestTest = (request: ReceivedRequest) => boolean;

/** How the messages of one call name it: its prefix, and the forms `when` may take there. */
export interface WhenWords {
  prefix: string;
  /** "an object such as ..., or a function of the request" in process; JSON has no functions. */
  when: string;
}

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

/** One field a `when` may name: its check (which throws with `message`) and nothing else. */
type FieldCheck = (value: unknown, message: string) => void;

const text = (value: unknown, message: string) => {
  if (typeof value !== "string") throw new TypeError(message);
};
const QUERY_FIELDS = {
  limit: (value, message) => checkNumber(value, isListLimit, `${message} ${LIMIT_RULE}.`),
} satisfies Record<keyof NonNullable<operations["listPlants"]["parameters"]["query"]>, FieldCheck>;
const BODY_FIELDS = {
  name: (value, message) => {
    text(value, `${message} ${PLANT_NAME_RULE}.`);
    if (!isPlantName(value)) throw new RangeError(`${message} ${PLANT_NAME_RULE}.`);
  },
  tag: (value, message) => text(value, `${message} ${PLANT_TAG_RULE}.`),
  id: (value, message) => checkNumber(value, isPlantId, `${message} ${PLANT_ID_RULE}.`),
} satisfies Record<keyof NewPlant, FieldCheck>;

/** The parts of each operation's request a `when` may name, and their fields. */
const REQUEST_PARTS: Record<PlantStoreOperation, Record<string, Record<string, FieldCheck>>> = {
  listPlants: { query: QUERY_FIELDS },
  createPlant: { body: BODY_FIELDS },
};

/**
 * `when` of a scenario of `operations` (one, or chaos's), checked, as a test of an arriving
 * request; `undefined` when none was given (every request). The partial form is copied, so a
 * change to the caller's object later changes nothing; a field given as `undefined` is left
 * out (it means "not given"). `by` names the scenario in what a throwing function gives.
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
  if (!isPlainObject(when)) throw new TypeError(`${words.prefix}when must be ${words.when}.`);
  const parts = partsOf(operations);
  const refuse = (name: string) =>
    new TypeError(`${words.prefix}${lacking(name, parts, operations)}`);
  const expected: Record<string, Record<string, unknown>> = {};
  for (const [part, given] of Object.entries(when)) {
    if (given === undefined) continue;
    // Own properties only: a JSON body's "__proto__" or "toString" is no part of a request.
    const fields = Object.hasOwn(parts, part) ? parts[part] : undefined;
    if (fields === undefined) throw refuse(part);
    if (!isPlainObject(given)) {
      throw new TypeError(`${words.prefix}when.${part} must be an object of the fields to match.`);
    }
    const copy: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(given)) {
      if (value === undefined) continue;
      const check = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (check === undefined) throw refuse(`${part}.${name}`);
      check(value, `${words.prefix}when.${part}.${name} must be`);
      copy[name] = value;
    }
    expected[part] = copy;
  }
  return (request) => matchesPartly(request, expected);
}

/** Every part and field the operations' requests have, by part. */
function partsOf(
  operations: readonly PlantStoreOperation[],
): Record<string, Record<string, FieldCheck>> {
  const parts: Record<string, Record<string, FieldCheck>> = {};
  for (const operation of operations) {
    for (const [part, fields] of Object.entries(REQUEST_PARTS[operation])) {
      parts[part] = { ...parts[part], ...fields };
    }
  }
  return parts;
}

/** Why `name` cannot be in a `when`: no request of `operations` has it; and what can. */
function lacking(
  name: string,
  parts: Record<string, Record<string, FieldCheck>>,
  operations: readonly PlantStoreOperation[],
): string {
  const names = Object.entries(parts).flatMap(([part, fields]) =>
    Object.keys(fields).map((field) => `${part}.${field}`),
  );
  // Over HTTP a name is whatever a client sent, a token included: shownName hides those.
  return `when names ${shownName(name)}, which a ${operations.join(" or ")} request does not have; when may name ${names.join(", ")}.`;
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
