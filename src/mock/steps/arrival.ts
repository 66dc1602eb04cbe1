// An API request's arrival: authentication, the route, and a create's body read whole, in the
// contract's order of checks; then the world it enters (a sandbox's, by its token, or the set's
// own). A list arrives at once; a create once its body is read. The core starts its journal
// record and decides everything after in the same turn, so nothing set, cleared or reset after
// the request arrived changes its answer.
import type { CoreAnswer, CoreRequest, HeaderRecord } from "../../contract/core-exchange.js";
import type { PlantStoreOperation } from "../../contract/journal-entries.js";
import { isSandboxToken } from "../../contract/sandbox-token.js";
import { type AuthResult, unauthorizedAnswer } from "../http/bearer-auth.js";
import { noAnswer } from "../http/json-answers.js";
import { type CreateBody, readCreateBody } from "../http/request-body.js";
import type { Route } from "../http/route.js";
import type { JournalRecord } from "../journal/journal-record.js";
import { redactWord, type SecretTokens } from "../journal/redaction.js";
import type { World } from "../world/world.js";
import type { AcceptedRequest } from "./core-step.js";

export interface ArrivalConfig {
  authenticate(header: string | null): AuthResult;
  route: Route;
  maxBodyBytes: number;
  /** The world a sandbox token enters, if its sandbox is live. */
  sandboxWorld(token: string): World | undefined;
  global: World;
  secrets: SecretTokens;
  headers: HeaderRecord;
}

/** An API request as it arrived, before the journal has it. */
export interface ArrivedRequest {
  readonly request: CoreRequest;
  readonly auth: AuthResult;
  readonly operation: PlantStoreOperation | null;
  readonly body: CreateBody | undefined;
  readonly world: World;
}

export interface Arrival {
  /**
   * Hands the request to `then` as it arrived: at once for every request but a create, once its
   * body is read. `then` runs in the turn the request arrived in, so what it decides from the
   * world (its journal record, its scenario) is decided on arrival.
   */
  arrive<T>(request: CoreRequest, then: (arrived: ArrivedRequest) => T): T | Promise<T>;
  /** The refusal the contract gives an arrived request (401, 404, 405), or the request accepted. */
  accept(arrived: ArrivedRequest, record: JournalRecord): CoreAnswer | AcceptedRequest;
}

export function createArrival(config: ArrivalConfig): Arrival {
  const { authenticate, route, maxBodyBytes, global, headers } = config;

  function enter(
    request: CoreRequest,
    auth: AuthResult,
    operation: PlantStoreOperation | null,
    body: CreateBody | undefined,
  ): ArrivedRequest {
    const world =
      (auth.ok && isSandboxToken(auth.token) && config.sandboxWorld(auth.token)) || global;
    return { request, auth, operation, body, world };
  }

  return {
    arrive(request, then) {
      const auth = authenticate(request.header("authorization"));
      const operation = route.operationOf(request.method, request.path);
      // A create's body is read first (unless its Content-Type already refuses it).
      if (!auth.ok || operation !== "createPlant") {
        return then(enter(request, auth, operation, undefined));
      }
      return readCreateBody(request, maxBodyBytes).then((body) => {
        // A sandbox closed (or expired) while the body was arriving is not there to answer it.
        const now = isSandboxToken(auth.token)
          ? authenticate(request.header("authorization"))
          : auth;
        return then(enter(request, now, operation, body));
      });
    },

    accept({ request, auth, operation, body, world }, record) {
      if (!auth.ok) return unauthorizedAnswer(auth, headers);
      const { token } = auth;
      record.token = token;
      // Any token is a valid method name: `curl -X <token>` must not see it echoed.
      if (operation === null) {
        return route.refusal(
          request.path,
          redactWord(request.method, config.secrets.with([token])),
        );
      }
      if (body?.kind === "client-gone") return noAnswer(headers);
      return { request, token, operation, body, world, record };
    },
  };
}
