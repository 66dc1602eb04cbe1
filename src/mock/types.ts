// Public types of `plant-store-sdk/mock`. The API shapes (Plant, NewPlant, the Error body)
// come from the generated contract types, so the mock can never drift from openapi.yaml.

import type { operations } from "../contract/generated/openapi.js";
import type {
  PlantStoreOperation,
  PlantStoreRequestJournal,
  ReceivedRequest,
} from "../contract/journal-entries.js";
import type { PactOptions, PlantStorePact } from "../contract/pact-document.js";
import type { Forwardable, NewPlant, Plant, PlantStoreErrorBody } from "../contract/plant-types.js";
import type { PlantStoreAdminOption } from "./admin-api/admin-access.js";
import type { LandingPage } from "./landing-page/landing-page-route.js";
import type { BreakKind } from "./scenarios/break-kinds.js";

export type { BreakKind, NewPlant, Plant, PlantStoreErrorBody };

/** A plant to put in the store before any request: always public. */
export interface SeedPlant {
  name: string;
  tag?: string | undefined;
  /** Optional explicit id; without one the store assigns the next free id. */
  id?: number | undefined;
}

/** A plant `generatePlants` made: a real common name and a tag that fits it; no id. */
export interface GeneratedPlant {
  name: string;
  tag: string;
}

/** Options of `generatePlants`. */
export interface GeneratePlantsOptions {
  /** An integer from 0 to 2^32 - 1: the same seed gives the same plants on every runtime; default 0. */
  seed?: number | undefined;
}

/** One stored plant as `entries()` returns it and `load()` accepts it. */
export interface StoredPlant {
  id: number;
  name: string;
  tag?: string | undefined;
  /** The token that created it, or `null` for a public (seed) plant. */
  owner: string | null;
}

/** What `PlantStore.create` did: stored the plant under `id`, or nothing because `id` is taken. */
export type CreatePlantResult =
  | { ok: true; id: number; plant: Plant }
  | { ok: false; reason: "duplicate-id"; id: number };

/** The in-memory store behind every way of serving the reference server (`createPlantStore`). */
export interface PlantStore {
  /** The public plants plus `viewer`'s own, oldest first; costs O(limit), not O(size). */
  list(viewer: string, limit?: number): Plant[];
  /**
   * Adds a plant owned by `owner` in O(1); a taken id changes nothing. `owner` is `null`
   * (public) or a bearer token, since viewers are tokens; anything else throws a TypeError.
   */
  create(owner: string | null, input: NewPlant): CreatePlantResult;
  /** Back to the seed the store was created with. */
  reset(): void;
  /** Everything stored, in creation order. */
  entries(): StoredPlant[];
  /** Replaces the contents with `entries`, in the given order (for persistence). */
  load(entries: readonly StoredPlant[]): void;
  /**
   * `listener` runs synchronously after every change, with what changed (persistence
   * appends a create and rewrites the file after a reset or load); returns an
   * unsubscribe function. A listener that throws changes nothing: the change stands, the
   * other listeners still hear it, and the error goes to `console.error`.
   */
  subscribe(listener: (change: PlantStoreChange) => void): () => void;
  readonly size: number;
}

/** What a `subscribe` listener hears: one plant added, or the whole contents replaced. */
export type PlantStoreChange =
  | { readonly kind: "create"; readonly plant: StoredPlant }
  | { readonly kind: "reset" }
  | { readonly kind: "load" };

/** Options of `createPlantStore`. */
export interface PlantStoreOptions {
  /** Public plants the store starts with and returns to on `reset()`; default `defaultSeed`. */
  seed?: readonly SeedPlant[] | undefined;
}

export type { PlantStoreOperation, ReceivedRequest } from "../contract/journal-entries.js";

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

/**
 * Which requests of `Op` a scenario is for: a {@link PartialRequest}, or (in process) a
 * function of the request as the journal lists it. A request it does not match is answered as
 * if the scenario were not there, and the scenario stays queued.
 */
export type ScenarioWhen<Op extends PlantStoreOperation = PlantStoreOperation> =
  | PartialRequest<Op>
  | ((request: ReceivedRequest<Op>) => boolean);

/** How `failNext` fails the next call(s). */
export interface FailNextOptions<Op extends PlantStoreOperation = PlantStoreOperation> {
  /** HTTP status of the simulated failure, 400 to 599 (another number does not compile); default 500. */
  status?: ErrorStatus | undefined;
  /** The Error body's `message`, not empty; a sentence naming the status by default. */
  message?: string | undefined;
  /** How many calls fail; default 1, `Infinity` until `clearFaults()`. */
  times?: number | undefined;
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
export interface DelayNextOptions<Op extends PlantStoreOperation = PlantStoreOperation> {
  /** How many calls are delayed; default 1, `Infinity` until `clearFaults()`. */
  times?: number | undefined;
  /** Only the requests it matches wait (and count toward `times`); default every request. */
  when?: ScenarioWhen<Op> | undefined;
}

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

/** What a `respondNext` answer may add to its status and body. */
export interface RespondNextExtras<Op extends PlantStoreOperation = PlantStoreOperation>
  extends ScriptedHeaders {
  /** How many calls get this answer; default 1, `Infinity` until `clearFaults()`. */
  times?: number | undefined;
  /** Only the requests it matches get it (and count toward `times`); default every request. */
  when?: ScenarioWhen<Op> | undefined;
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
export interface BreakNextOptions<Op extends PlantStoreOperation = PlantStoreOperation> {
  /** How many calls break; default 1, `Infinity` until `clearFaults()`. */
  times?: number | undefined;
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

/** One-line failures and delays for tests: on the MSW handlers, the fetch handler, the server. */
export interface PlantStoreFaults {
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

/**
 * What every way of serving the reference server takes: the fetch handler
 * ({@link PlantStoreFetchHandlerOptions}), the MSW handlers (`PlantStoreMswOptions`) and the
 * standalone server (`PlantStoreServerOptions`).
 */
export interface PlantStoreMockOptions {
  /** The store to serve; default a new store seeded with `seed`. */
  store?: PlantStore | undefined;
  /** Seed for the store created when none is given; default `defaultSeed`. */
  seed?: readonly SeedPlant[] | undefined;
  /**
   * Accepted RFC 6750 bearer tokens, at least one; leave it out to accept any well-formed
   * bearer token (`[]` is a RangeError: it would accept nothing).
   */
  tokens?: readonly string[] | undefined;
  /** Status of a successful create; default 201. */
  createStatus?: 200 | 201 | undefined;
  /** Largest accepted request body in bytes; default 1 MiB (1_048_576). */
  maxBodyBytes?: number | undefined;
  /**
   * `Access-Control-Allow-Origin`: "*" (default), an origin as browsers send it
   * ("https://app.example"), or `null` for no CORS headers.
   */
  corsOrigin?: string | null | undefined;
  /** Most sandboxes open at once (`createSandbox`); default 1,000. Full: a RangeError, never an eviction. */
  maxSandboxes?: number | undefined;
  /** A sandbox unused this long (ms) closes itself; default 30 minutes (1_800_000). */
  sandboxIdleMs?: number | undefined;
}

/** Options of `createPlantStoreFetchHandler`: the mock options, a path prefix, admin endpoints, a landing page. */
export interface PlantStoreFetchHandlerOptions extends PlantStoreMockOptions {
  /** Path prefix such as "/v1" (ASCII path characters; no `?`, `#`, `%` or `..`); default "". */
  basePath?: string | undefined;
  /**
   * The admin endpoints under /__admin/ (reset, scenarios, request journal, coverage, store contents, sandboxes):
   * off by default; `true` open, `{ token }` behind `Authorization: Bearer <token>`.
   */
  admin?: PlantStoreAdminOption | undefined;
  /** Answers `GET /` from a browser with this page (see `createLandingPage`); none by default. */
  landingPage?: LandingPage | undefined;
}

/**
 * What one world answers to in process, declared once (msw's SetupServerCommonApi is the
 * model): its store, scenarios and journal, and its reset. The set's own world and every
 * sandbox are one.
 */
export interface PlantStoreWorld extends PlantStoreFaults, PlantStoreRequestJournal {
  readonly store: PlantStore;
  /**
   * A consumer contract (Pact Specification V4) of the requests this world answered by the
   * contract's rules since it started or the last `clearCoverage()`, the set's including every
   * sandbox: one interaction per request shape, matched by type, no token, no scripted answer
   * and no contract violation (docs/fidelity.md). Bad names throw a TypeError naming the field.
   */
  toPact(options: PactOptions): PlantStorePact;
  /**
   * Between tests: store back to its seed, every scenario cleared and every waiting request
   * ended (it gets no answer), journal emptied; coverage counts are kept.
   */
  reset(): void;
}

/**
 * What every serving entry hands its user beside the serving itself (the fetch handler, the
 * MSW handler set, the server object): its world, and sandboxes. Each entry's type extends it.
 */
export interface PlantStoreInProcess extends PlantStoreWorld {
  /** An isolated world entered through its own `psb_` token (docs/sandboxes.md). */
  createSandbox(options?: CreateSandboxOptions): PlantStoreSandbox;
}

/** The reference server as one function, `Request -> Response`, with its store and faults. */
export type PlantStoreFetchHandler = ((request: Request) => Promise<Response>) &
  PlantStoreInProcess;

/** Options of `createSandbox`. */
export interface CreateSandboxOptions {
  /** The public plants the sandbox starts with and returns to; default the set's own seed. */
  seed?: readonly SeedPlant[] | undefined;
}

/** One sandbox as its creator holds it; every method acts on this sandbox alone. */
export interface PlantStoreSandbox extends PlantStoreWorld {
  /** Names the sandbox on the admin API; not a secret. */
  readonly id: string;
  /** Its first bearer token: a secret. */
  readonly token: string;
  /** Another caller's token in this sandbox (sees the public plants and its own). */
  createToken(): string;
  /**
   * Its tokens stop working (401 saying the sandbox is closed), its waiting requests end (no
   * answer) and its memory is freed; what it answered stays in the set's coverage.
   */
  close(): void;
}
