// The admin client's public types. The shapes of the admin API all come from the file generated
// from openapi.admin.yaml, so a change to that document reaches users through
// `npm run generate` and nowhere else.

import type { components } from "../contract/generated/openapi-admin.js";
import type {
  ContractViolation,
  CoverageRow,
  JournalEntryOf,
  PlantStoreOperation,
  RequestFilter,
} from "../contract/journal-entries.js";
import type { PactOptions, PlantStorePact } from "../contract/pact-document.js";
import type { Forwardable } from "../contract/plant-types.js";
import type {
  DeclaredAnswer,
  ErrorStatus,
  PartialRequest,
  ScenarioTimes,
  ScriptedHeaders,
} from "../contract/scripted-answer-types.js";
import type { ShadowSummary } from "../contract/shadow-summary.js";
import type { RespondNextAnswer } from "../mock/scenarios/scenario-types.js";

// The journal's entries, filters and coverage rows are the in-process ones (src/contract): one
// shape in process and over GET /__admin/requests, which openapi.admin.yaml describes.
export type {
  ContractViolation,
  CoverageRow,
  JournalEntry,
  JournalEntryOf,
  PlantStoreOperation,
} from "../contract/journal-entries.js";
export type { PactInteraction, PactOptions, PlantStorePact } from "../contract/pact-document.js";
export type { components, PartialRequest, RespondNextAnswer, ScenarioTimes, ShadowSummary };

/** A stored plant with its id and whether every token sees it (`public`), never its owner. */
export type AdminPlant = components["schemas"]["StoredPlant"];

/**
 * Which entries `requests(filter)` and `violations(filter)` list: the in-process filter
 * (`operation: null` for the requests that matched none, `operation=none` on the wire).
 */
export type AdminRequestFilter<O extends PlantStoreOperation | null = PlantStoreOperation | null> =
  RequestFilter<O>;

/** A plant for `load()`, as in a seed file; it is public. Without an `id`, the next free one. */
export type PlantToLoad = Forwardable<components["schemas"]["PlantToLoad"]>;

/**
 * Which requests of `Op` a scenario set over HTTP is for: the partial form of the in-process
 * `when` (`{ body: { name: "Ivy" } }`); a function cannot be sent to the server.
 */
export interface AdminWhen<Op extends PlantStoreOperation = PlantStoreOperation> {
  /** Only the requests it matches take the scenario (and count toward `times`); default every request. */
  when?: PartialRequest<Op> | undefined;
}

/** What the failing call(s) answer, for {@link PlantStoreAdmin.failNext}. */
export interface AdminFailNextOptions<Op extends PlantStoreOperation = PlantStoreOperation>
  extends Forwardable<Pick<components["schemas"]["Fault"], "message" | "headers">>,
    AdminWhen<Op>,
    ScenarioTimes {
  /** HTTP status of the simulated failure, 400 to 599 (another number does not compile); default 500. */
  status?: ErrorStatus | undefined;
}

/** A `respondNext` answer sent over HTTP: as in process, its `when` in the partial form. */
export type AdminRespondNextAnswer<Op extends PlantStoreOperation> = DeclaredAnswer<
  Op,
  ScriptedHeaders & AdminWhen<Op> & ScenarioTimes
>;

/** How {@link PlantStoreAdmin.breakNext} breaks a call: `"network-error"`, `"hang"`, ... */
export type AdminBreakKind = NonNullable<components["schemas"]["Fault"]["break"]>;

/** How many calls break, for {@link PlantStoreAdmin.breakNext}. */
export interface AdminBreakNextOptions<Op extends PlantStoreOperation = PlantStoreOperation>
  extends AdminWhen<Op>,
    ScenarioTimes {}

type ChaosBody = components["schemas"]["Chaos"];
/** What {@link PlantStoreAdmin.chaos} does: the same as the in-process `chaos`. */
export interface AdminChaosOptions<Op extends PlantStoreOperation = PlantStoreOperation>
  extends Forwardable<Omit<ChaosBody, "failures" | "operations" | "when">>,
    AdminWhen<Op> {
  /** What a failing call gets, each as likely as the others: `{ status, message?, headers? }` or a break kind. */
  failures: readonly (AdminBreakKind | Omit<AdminFailNextOptions, "times" | "when">)[];
  /** The operations it applies to; default both. */
  operations?: readonly Op[] | undefined;
}

/** How many calls wait, for {@link PlantStoreAdmin.delayNext}. */
export interface AdminDelayNextOptions<Op extends PlantStoreOperation = PlantStoreOperation>
  extends AdminWhen<Op>,
    ScenarioTimes {}

/** Options of {@link createPlantStoreAdmin}. */
export interface PlantStoreAdminOptions {
  /**
   * The server's URL, such as "http://127.0.0.1:4010" (`server.url` and the CLI's first line
   * fit). The admin endpoints live at its root, so a path in it (a base path) is ignored.
   */
  baseUrl: string;
  /** The admin token, when the server has one (`--admin-token`, `admin: { token }`). */
  token?: string | undefined;
  /** The fetch to use; default the global fetch, looked up at each call (so MSW or a spy still sees it). */
  fetch?: typeof fetch | undefined;
}

/**
 * The admin client {@link createPlantStoreAdmin} returns; every method is one admin request.
 * A refused request rejects with a `PlantStoreAdminError`; one that got no answer with the
 * SDK's `PlantStoreConnectionError`, naming the cause (ECONNREFUSED, a host not found...).
 */
export interface PlantStoreAdmin extends PlantStoreAdminWorld {
  /**
   * Opens a sandbox (POST /__admin/sandboxes): its own store from `seed` (default the
   * server's seed), faults and journal, entered through its `token`. At the server's
   * maxSandboxes it rejects with a PlantStoreAdminError of status 429.
   */
  createSandbox(options?: AdminSandboxOptions): Promise<PlantStoreAdminSandbox>;
  /**
   * What the shadow proxy (`plant-store-mock --shadow <url>`) found so far (GET
   * /__admin/shadow); a server that is no shadow proxy rejects with a PlantStoreAdminError of
   * status 404.
   */
  shadow(): Promise<ShadowSummary>;
}

/** Options of {@link PlantStoreAdmin.createSandbox}. */
export type AdminSandboxOptions = Forwardable<components["schemas"]["SandboxOptions"]>;
/** What POST /__admin/sandboxes answers: `id` names it, `token` (a secret) enters it. */
export type AdminSandboxIds = components["schemas"]["Sandbox"];

/** A sandbox on the server: the admin methods scoped to it, and its id and token. */
export interface PlantStoreAdminSandbox extends PlantStoreAdminWorld, AdminSandboxIds {
  /** Another caller's token in the sandbox (sees its public plants and its own). */
  createToken(): Promise<string>;
  /** Its tokens stop working (401); later calls on it reject with 404. */
  close(): Promise<void>;
}

/** The admin methods of one world: the server's global one, or a sandbox's. */
export interface PlantStoreAdminWorld {
  /** Store back to its seed, faults cleared, journal emptied; coverage counts are kept. */
  reset(): Promise<void>;
  /** The next call(s) of `operation` answer `status` (default 500) with the Error body. */
  failNext<Op extends PlantStoreOperation>(
    operation: Op,
    options?: AdminFailNextOptions<Op>,
  ): Promise<void>;
  /**
   * The next call(s) of `operation` answer exactly `status` and `body` (POST
   * /__admin/responses), an answer openapi.yaml declares for it; the server refuses any
   * other with a 400 naming the field. Nothing is stored.
   */
  respondNext<Op extends PlantStoreOperation>(
    operation: Op,
    answer: AdminRespondNextAnswer<Op>,
  ): Promise<void>;
  /**
   * From now on each call fails with probability `rate`, with a failure drawn from `failures`
   * by a generator seeded with `seed` (PUT /__admin/chaos); `null` ends it (DELETE).
   */
  chaos<Op extends PlantStoreOperation = PlantStoreOperation>(
    options: AdminChaosOptions<Op> | null,
  ): Promise<void>;
  /** The next call(s) of `operation` are answered only after `ms` milliseconds. */
  delayNext<Op extends PlantStoreOperation>(
    operation: Op,
    ms: number,
    options?: AdminDelayNextOptions<Op>,
  ): Promise<void>;
  /**
   * The next call(s) of `operation` break in a way the contract cannot describe: no answer,
   * a hang until the faults are cleared, a cut, malformed or wrong-shaped 2xx body.
   */
  breakNext<Op extends PlantStoreOperation>(
    operation: Op,
    kind: AdminBreakKind,
    options?: AdminBreakNextOptions<Op>,
  ): Promise<void>;
  /** Drops every pending failure, delay and break, and ends every hanging request. */
  clearFaults(): Promise<void>;
  /**
   * The API requests received since the last reset (the last 1,000), oldest first; with a
   * filter only the matching ones, typed by its `operation`. A bad filter is a TypeError or
   * RangeError naming the field, before any request.
   */
  requests<O extends PlantStoreOperation | null = PlantStoreOperation | null>(
    filter?: AdminRequestFilter<O>,
  ): Promise<JournalEntryOf<O>[]>;
  /** The kept requests the contract refused because of what the caller sent, with the reason. */
  violations<O extends PlantStoreOperation | null = PlantStoreOperation | null>(
    filter?: AdminRequestFilter<O>,
  ): Promise<ContractViolation<O>[]>;
  /** Empties the journal (its violations too). */
  clearRequests(): Promise<void>;
  /** One row per answer openapi.yaml declares for each operation, with how many were given. */
  coverage(): Promise<CoverageRow[]>;
  /** Coverage counts back to zero (a reset leaves them alone). */
  clearCoverage(): Promise<void>;
  /**
   * A consumer contract (Pact V4) of the requests answered by the contract's rules (GET
   * /__admin/pact), as `toPact()` in process: the server's includes every sandbox's. Bad names
   * reject with a PlantStoreAdminError of status 400 whose message names the field.
   */
  pact(options: PactOptions): Promise<PlantStorePact>;
  /** Every stored plant with its id and whether it is public. */
  plants(): Promise<AdminPlant[]>;
  /** Replaces the store's contents with these public plants; resolves with the new contents. */
  load(plants: readonly PlantToLoad[]): Promise<AdminPlant[]>;
}
