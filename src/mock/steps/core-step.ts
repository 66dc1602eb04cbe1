// The one small interface every step of the core (plant-store-core.ts) has: it answers the
// request, or passes it on with `undefined`. Steps before the API see the request alone; the
// API's steps see it once it has arrived (arrival.ts: authenticated, routed, its body read, its
// world entered) and its journal record has started.
import type { CoreAnswer, CoreRequest } from "../../contract/core-exchange.js";
import type { PlantStoreOperation } from "../../contract/journal-entries.js";
import type { ArrivedBody } from "../http/request-body.js";
import type { JournalRecord } from "../journal/journal-record.js";
import type { World } from "../world/world.js";

/**
 * A step before the API (admin endpoints, landing page, preflight): it takes its own requests,
 * known from the request alone and at once, so an API request passes them all in the same turn
 * it arrived in (and an adapter can ask, without answering, whether one would: `isApiRequest`).
 */
export interface RequestStep {
  takes(request: CoreRequest): boolean;
  answer(request: CoreRequest): CoreAnswer | Promise<CoreAnswer>;
}

/** An API request the contract's checks before the body let through (arrival.ts). */
export interface AcceptedRequest {
  readonly request: CoreRequest;
  /** Its bearer token, accepted. */
  readonly token: string;
  readonly operation: PlantStoreOperation;
  /** A create's body, read on arrival; `undefined` for a list. */
  readonly body: ArrivedBody | undefined;
  /** The world that answers: a sandbox's, by its token, or the set's own. */
  readonly world: World;
  readonly record: JournalRecord;
}

/**
 * A step of the API after its arrival, in the contract's order: an answer, or `undefined` for
 * the next step's. Whatever it decides from the world, it decides before its first `await`.
 */
export type ApiStep = (
  request: AcceptedRequest,
) => CoreAnswer | undefined | Promise<CoreAnswer | undefined>;
