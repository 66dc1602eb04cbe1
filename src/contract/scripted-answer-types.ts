// What a test may script, as openapi.yaml declares it: the partial form of a request (`when`)
// and an answer by status (respondNext, respondWith). Computed from the generated contract
// types, so the in-process API and the admin client type them alike and neither can drift.

import type { operations } from "./generated/openapi.js";
import type { PlantStoreOperation } from "./journal-entries.js";
import type { Forwardable } from "./plant-types.js";

type QueryOf<Op extends PlantStoreOperation> = NonNullable<operations[Op]["parameters"]["query"]>;
type BodyOf<Op extends PlantStoreOperation> = operations[Op] extends {
  requestBody: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
/** A part of a request (`query`, `body`) a `when` may name: its fields, each optional. */
type PartOf<Name extends string, Fields> = [Fields] extends [never]
  ? unknown
  : { [K in Name]?: Forwardable<Partial<Fields>> | undefined };

/**
 * The partial form of `when`: the fields of `Op`'s request, as openapi.yaml declares them,
 * that a request must have to be the one a scenario is for. `{ query: { limit: 2 } }` for
 * listPlants, `{ body: { name: "Ivy" } }` for createPlant; a field the operation does not
 * have does not compile. Compared as `toHaveReceived` compares: every field given must be
 * equal, objects partially.
 */
export type PartialRequest<Op extends PlantStoreOperation = PlantStoreOperation> =
  Op extends PlantStoreOperation
    ? PartOf<"query", QueryOf<Op>> & PartOf<"body", BodyOf<Op>>
    : never;

// Helpers of the two types below; the API reference shows those, not these
// (typedoc.config.mjs, intentionallyNotExported).
/** @inline */
type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type ToNumber<Text> = Text extends `${infer N extends number}` ? N : never;
/** Every 4xx and 5xx status: the failures the Error body answers, declared or under `default`. */
export type ErrorStatus = ToNumber<`${4 | 5}${Digit}${Digit}`>;

type Responses<Op extends PlantStoreOperation> = operations[Op]["responses"];
type DeclaredStatus<Op extends PlantStoreOperation> = Extract<keyof Responses<Op>, number>;
/** JSON leaves out an undefined field, so a body may carry one where the schema has it optional. */
type ForwardableBody<Body> = Body extends readonly (infer Item)[]
  ? readonly Forwardable<Item>[]
  : Forwardable<Body>;
/** A range key such as "5XX" as the statuses it covers. */
type RangeStatus<Key> = Key extends `${infer D extends 1 | 2 | 3 | 4 | 5}XX`
  ? ToNumber<`${D}${Digit}${Digit}`>
  : never;
type Scripted<Status extends number, Response, Extras> = Response extends {
  content: { "application/json": infer Body };
}
  ? { status: Status; body: ForwardableBody<Body> } & Extras
  : { status: Status; body?: undefined } & Extras;
type ByStatus<Op extends PlantStoreOperation, Key extends keyof Responses<Op>, Covered, Extras> = [
  Covered,
] extends [never]
  ? never
  : Scripted<Covered & number, Responses<Op>[Key], Extras>;

/** What a scripted answer (`respondWith`'s) may add to its status and body. */
export interface ScriptedHeaders {
  /** Extra response headers, as failNext takes them; the content type stays application/json. */
  headers?: Headers | Record<string, string> | undefined;
}

/**
 * An answer `openapi.yaml` declares for `Op`, by status, with `Extras` beside its status and
 * body: the steps {@link RespondNextAnswer} and {@link RespondWithAnswer} share.
 */
export type DeclaredAnswer<Op extends PlantStoreOperation, Extras> =
  | { [S in DeclaredStatus<Op>]: Scripted<S, Responses<Op>[S], Extras> }[DeclaredStatus<Op>]
  | {
      [Key in Exclude<keyof Responses<Op>, number>]: Key extends "default"
        ? ByStatus<
            Op,
            Key,
            Exclude<ErrorStatus, DeclaredStatus<Op> | RangeStatus<keyof Responses<Op>>>,
            Extras
          >
        : ByStatus<Op, Key, Exclude<RangeStatus<Key>, DeclaredStatus<Op>>, Extras>;
    }[Exclude<keyof Responses<Op>, number>];

/** How many calls a scenario (failNext, respondNext, delayNext, breakNext) takes. */
export interface ScenarioTimes {
  /**
   * How many matching calls it applies to: a whole number from 1 to 2^53 - 1, or `Infinity`
   * until `clearFaults()`; default 1.
   */
  times?: number | undefined;
}
