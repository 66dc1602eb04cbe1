// The partial form of a scenario's `when`: which fields of an operation's request it may name
// (a list's `query.limit`, a create's `body.name`, `tag`, `id`, as openapi.yaml declares them)
// and what values they may hold. One check for every place a `when` enters: the in-process
// verbs (src/mock/scenarios), the admin endpoints' JSON, and the admin client, which must refuse
// before sending what JSON cannot carry (a Map, a URLSearchParams, a Symbol), since JSON would
// write it as `{}` or leave it out, and the scenario would then match every request.

import type { operations } from "./generated/openapi.js";
import type { PlantStoreOperation } from "./journal-entries.js";
import { isListLimit, LIMIT_RULE } from "./list-limit.js";
import { checkNumber } from "./number-check.js";
import { shownName } from "./option-names.js";
import { isPlainObject } from "./partial-match.js";
import { isPlantName, PLANT_NAME_RULE, PLANT_TAG_RULE } from "./plant-fields.js";
import { isPlantId, PLANT_ID_RULE } from "./plant-id.js";
import type { NewPlant } from "./plant-types.js";

/** The partial form as an example, in JavaScript's notation (messages of in-process calls). */
export const PARTIAL_WHEN_EXAMPLE =
  'an object such as { body: { name: "Ivy" } } or { query: { limit: 2 } }';

/** How the messages of one call name it: its prefix, and the forms `when` may take there. */
export interface WhenWords {
  prefix: string;
  /** {@link PARTIAL_WHEN_EXAMPLE}, plus "or a function of the request" in process; JSON's own. */
  when: string;
}

/** A checked partial `when`: the fields to match, by part (`{ body: { name: "Ivy" } }`). */
export type PartialWhen = Record<string, Record<string, unknown>>;

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
 * The partial form of `when` for a scenario of `operations` (one, or chaos's), checked and
 * copied, so a change to the caller's object later changes nothing; a field given as
 * `undefined` is left out (it means "not given"). Anything but a plain object, at the top or
 * as a part, is refused: a Map or a URLSearchParams has no fields to compare.
 */
export function checkPartialWhen(
  operations: readonly PlantStoreOperation[],
  when: unknown,
  words: WhenWords,
): PartialWhen {
  if (!isPlainObject(when)) throw new TypeError(`${words.prefix}when must be ${words.when}.`);
  const parts = partsOf(operations);
  const refuse = (name: string) =>
    new TypeError(`${words.prefix}${lacking(name, parts, operations)}`);
  const expected: PartialWhen = {};
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
  return expected;
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
