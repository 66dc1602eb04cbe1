// A scenario's `when` in its partial form: the fields of an operation's request it may name
// and their values, checked by one rule wherever a `when` enters: the in-process verbs, the
// admin endpoints' JSON, and the admin client, which must refuse before sending what JSON
// cannot carry (a Map, a URLSearchParams, a Symbol): JSON would write `{}` or leave it out, and
// the scenario would then be for every request.
import type { operations } from "./generated/openapi.js";
import type { PlantStoreOperation } from "./journal-entries.js";
import { isListLimit, LIMIT_RULE } from "./list-limit.js";
import { shownName } from "./option-names.js";
import { isPlainObject } from "./partial-match.js";
import { isPlantName, isPlantTag, PLANT_NAME_RULE, PLANT_TAG_RULE } from "./plant-fields.js";
import { isPlantId, PLANT_ID_RULE } from "./plant-id.js";
import type { NewPlant } from "./plant-types.js";

/** The partial form as an example, in JavaScript's notation. */
export const PARTIAL_WHEN_EXAMPLE =
  'an object such as { body: { name: "Ivy" } } or { query: { limit: 2 } }';

/** How a call's messages name it: its prefix, and the forms `when` may take there. */
export interface WhenWords {
  prefix: string;
  when: string;
}

/** A field: its JSON type (else a TypeError), the values it takes (else a RangeError), its rule. */
type Field = readonly [type: "number" | "string", accepts: (value: never) => boolean, rule: string];
type Query = NonNullable<operations["listPlants"]["parameters"]["query"]>;
const PARTS: Record<PlantStoreOperation, Record<string, Record<string, Field>>> = {
  listPlants: {
    query: { limit: ["number", isListLimit, LIMIT_RULE] } satisfies Record<keyof Query, Field>,
  },
  createPlant: {
    body: {
      name: ["string", isPlantName, PLANT_NAME_RULE],
      tag: ["string", isPlantTag, PLANT_TAG_RULE],
      id: ["number", isPlantId, PLANT_ID_RULE],
    } satisfies Record<keyof NewPlant, Field>,
  },
};

/**
 * The partial `when` of a scenario of `operations`, checked and copied (a later change to the
 * caller's object changes nothing); a field given as `undefined` is left out ("not given").
 */
export function checkPartialWhen(
  operations: readonly PlantStoreOperation[],
  when: unknown,
  { prefix, when: forms }: WhenWords,
): Record<string, Record<string, unknown>> {
  if (!isPlainObject(when)) throw new TypeError(`${prefix}when must be ${forms}.`);
  const parts: Record<string, Record<string, Field>> = {};
  for (const operation of operations) {
    for (const [part, fields] of Object.entries(PARTS[operation])) {
      parts[part] = { ...parts[part], ...fields };
    }
  }
  const names = Object.entries(parts).flatMap(([part, fields]) =>
    Object.keys(fields).map((field) => `${part}.${field}`),
  );
  // Over HTTP a name is whatever a client sent, a token included: shownName hides those.
  const lacking = (name: string) =>
    new TypeError(
      `${prefix}when names ${shownName(name)}, which a ${operations.join(" or ")} request does not have; when may name ${names.join(", ")}.`,
    );
  const expected: Record<string, Record<string, unknown>> = {};
  for (const [part, given] of Object.entries(when)) {
    if (given === undefined) continue;
    // Own properties only: a JSON body's "__proto__" or "toString" is no part of a request.
    const fields = Object.hasOwn(parts, part) ? parts[part] : undefined;
    if (fields === undefined) throw lacking(part);
    if (!isPlainObject(given)) {
      throw new TypeError(`${prefix}when.${part} must be an object of the fields to match.`);
    }
    expected[part] = {};
    for (const [name, value] of Object.entries(given)) {
      if (value === undefined) continue;
      const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (field === undefined) throw lacking(`${part}.${name}`);
      const [type, accepts, rule] = field;
      const message = `${prefix}when.${part}.${name} must be ${rule}.`;
      if (typeof value !== type) throw new TypeError(message);
      if (!accepts(value as never)) throw new RangeError(message);
      expected[part][name] = value;
    }
  }
  return expected;
}
