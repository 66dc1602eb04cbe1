// The one place the contract is decided: a runtime-neutral CoreRequest -> CoreAnswer.
// Beside the API first: the admin endpoints (/__admin/, when enabled) and the landing page
// (GET / from a browser, when given). Then the API in the contract's order: CORS preflight,
// authentication, route; the request's arrival (a create's body read) and, in one step, its
// scenario; then the operation (content type, size, body/query, uniqueness). The request
// journal records every API request. Adapters only translate.

import { isBearerToken } from "../contract/bearer-token.js";
import { isSandboxToken } from "../contract/sandbox-token.js";
import { createAdminApi, isAdminPath } from "./admin/admin-api.js";
import { errorAnswer, jsonAnswer, plantsJson } from "./http/answers.js";
import {
  type AuthResult,
  constantTimeMatcher,
  createBearerAuth,
  WWW_AUTHENTICATE,
  WWW_AUTHENTICATE_INVALID,
} from "./http/bearer-auth.js";
import type { CoreAnswer, CoreRequest, HeaderRecord } from "./http/core-types.js";
import { corsResponseHeaders, preflightAnswer } from "./http/cors.js";
import { parseLimitParam } from "./http/list-query.js";
import { createSecretTokens, redactWord, type SecretTokens } from "./http/redaction.js";
import {
  bodyFailureStatus,
  CONTENT_TYPE_MESSAGE,
  isJsonContentType,
  parseNewPlant,
} from "./http/request-body.js";
import { createCoverageCounter } from "./journal/coverage.js";
import { createRequestJournal, noteBody, noteViolation } from "./journal/journal.js";
import type { JournalRecord } from "./journal/journal-record.js";
import { landingPageAnswer, wantsLandingPage } from "./landing-page/landing-page-route.js";
import type { PlantStoreCoreConfig } from "./mock-options.js";
import { createSandboxRegistry, resetWorld, type SandboxWorld, worldVerbs } from "./sandboxes.js";
import { type BrokenAnswerContext, brokenAnswer, noAnswer } from "./scenarios/broken-answers.js";
import type { PendingAnswer } from "./scenarios/fault-checks.js";
import { createFaultInjector } from "./scenarios/faults.js";
import { createShutdown } from "./scenarios/waiting-requests.js";
import type { PlantStoreInProcess, PlantStoreOperation } from "./types.js";

const ALLOW = { allow: "GET, POST" };

/**
 * The headers the contract gives every answer of `status`, for a scripted one: a 401 without
 * its challenge or a 405 without `Allow` is an answer the real service never sends. The
 * request's token was accepted, so the scripted 401 says it was not (`invalid_token`).
 */
function impliedHeaders(status: number): Record<string, string> {
  if (status === 401) return { "www-authenticate": WWW_AUTHENTICATE_INVALID };
  return status === 405 ? ALLOW : {};
}
const CONTENT_ENCODING_MESSAGE =
  "The Content-Encoding header is not supported; send the body uncompressed (identity).";

export interface PlantStoreCore {
  /** Never rejects: a failure inside (a user's store that throws) is the 500 Error body. */
  handle(request: CoreRequest): Promise<CoreAnswer>;
  /** Spread by each adapter into what it returns, so every entry offers the same methods. */
  readonly inProcess: PlantStoreInProcess;
  /** The headers every answer carries (CORS), for answers made outside the core. */
  readonly baseHeaders: HeaderRecord;
  /** The accepted tokens, API, admin and every sandbox's: what no log line may show (request-log.ts). */
  readonly secrets: SecretTokens;
  /**
   * Ends every waiting request (a delay, a hang), in every sandbox too, and every later one at
   * once: the Node server calls it when it closes, so no wait holds a shutdown back.
   */
  shutdown(): void;
}

/** Takes checked options (mock-options.ts) and trusts them, as every entry checks its own once. */
export function createPlantStoreCore(config: PlantStoreCoreConfig): PlantStoreCore {
  const { store, tokens, createStatus, maxBodyBytes, corsOrigin, basePath, commit } = config;
  const plantsPath = `${basePath}/plants`;
  const shutdown = createShutdown();
  const faults = createFaultInjector(shutdown);
  const adminToken = config.admin?.token;
  const secrets = createSecretTokens(
    adminToken === undefined ? tokens : [...(tokens ?? []), adminToken],
  );
  // The set's coverage is the suite's: every sandbox counts into it too, closed ones included.
  const suiteCoverage = createCoverageCounter();
  const journal = createRequestJournal(secrets, { coverage: suiteCoverage });
  const global: SandboxWorld = { store, faults, journal };
  // A `psb_` token is a sandbox's or nobody's, whatever else the set accepts.
  const accepts = tokens === undefined ? isBearerToken : constantTimeMatcher(tokens);
  const authenticate = createBearerAuth((token) =>
    isSandboxToken(token) ? sandboxes.find(token) !== undefined : accepts(token),
  );
  const sandboxes = createSandboxRegistry({
    seed: config.seed,
    maxSandboxes: config.maxSandboxes,
    sandboxIdleMs: config.sandboxIdleMs,
    secrets,
    shutdown,
    suiteCoverage,
  });
  const adminApi =
    config.admin === undefined
      ? undefined
      : createAdminApi({
          store,
          faults,
          journal,
          maxBodyBytes,
          token: adminToken,
          secrets,
          sandboxes,
          commit,
        });
  const landingPage = config.landingPage;
  const baseHeaders = corsResponseHeaders(corsOrigin);
  const jsonHeaders: HeaderRecord = { "content-type": "application/json", ...baseHeaders };
  const failed = errorAnswer(500, FAILURE_MESSAGE, jsonHeaders);
  const brokenContext: BrokenAnswerContext = { headers: jsonHeaders, createStatus };
  const messages = {
    notFound: `The request path is not part of the Plant Store API; use ${plantsPath}.`,
  };

  async function handle(request: CoreRequest): Promise<CoreAnswer> {
    if (adminApi !== undefined && isAdminPath(request.path)) {
      return adminApi(request).catch(() => failed);
    }
    if (landingPage !== undefined && wantsLandingPage(request)) {
      return landingPageAnswer(landingPage, request, basePath, adminApi !== undefined);
    }
    if (corsOrigin !== null && request.method === "OPTIONS") return preflightAnswer(corsOrigin);
    const { method, path, search } = request;
    const operation = operationOf(method, path);
    let auth = authenticate(request.header("authorization"));
    // The request arrives once it is read whole: a create's body is read first (unless its
    // Content-Type already refuses it), and everything after this is decided on arrival.
    const body =
      auth.ok && operation === "createPlant"
        ? await readCreateBody(request).catch(() => FAILED_BODY)
        : undefined;
    // A sandbox closed (or expired) while the body was arriving is not there to answer it.
    if (body !== undefined && auth.ok && isSandboxToken(auth.token)) {
      auth = authenticate(request.header("authorization"));
    }
    const world = (auth.ok && isSandboxToken(auth.token) && sandboxes.find(auth.token)) || global;
    const record = world.journal.start(method, path, search, operation);
    // A store passed in by the user that throws, say: every adapter sends the Error body,
    // never the raw error (MSW would show its stack as the response).
    const answer = await answerApi(request, record, auth, world, body).catch(() => failed);
    noteViolation(record, answer);
    world.journal.finish(record, answer.status);
    return answer;
  }

  /** What the journal files a request under: by its method and path alone, before any check. */
  function operationOf(method: string, path: string): PlantStoreOperation | null {
    if (path !== plantsPath) return null;
    return method === "GET" ? "listPlants" : method === "POST" ? "createPlant" : null;
  }

  async function answerApi(
    request: CoreRequest,
    record: JournalRecord,
    auth: AuthResult,
    world: SandboxWorld,
    body: CreateBody | undefined,
  ): Promise<CoreAnswer> {
    if (!auth.ok) {
      const challenge = auth.invalidToken ? WWW_AUTHENTICATE_INVALID : WWW_AUTHENTICATE;
      return errorAnswer(401, auth.message, jsonHeaders, { "www-authenticate": challenge });
    }
    record.token = auth.token;

    // The route is the operation the journal filed the request under (operationOf).
    const operation = record.operation;
    if (operation === null) {
      if (request.path !== plantsPath) return errorAnswer(404, messages.notFound, jsonHeaders);
      // Any token is a valid method name: `curl -X <token>` must not see it echoed.
      const shown = redactWord(request.method, secrets.with([auth.token]));
      const message = `The ${shown} method is not allowed on ${plantsPath}; use GET or POST.`;
      return errorAnswer(405, message, jsonHeaders, ALLOW);
    }

    // Its scenario is decided on arrival, in one step: nothing set, cleared or reset from here
    // on changes its answer, and a request that waits can never take a scenario set after it
    // arrived.
    if (body?.kind === "client-gone") return noAnswer(jsonHeaders);
    if (body?.kind === "text") noteBody(record, body.text);
    const { waitMs, answer } = world.faults.decide(operation, request.header("prefer"));
    if (answer !== undefined) {
      record.scripted = answer.by;
      if ("break" in answer) record.broken = answer.break;
      // A hang will never be answered: listed now, so a test can see what its app sent.
      if (record.broken === "hang") world.journal.finish(record, 0);
    }
    // Ended (clearFaults, a reset, a close) or abandoned by the client: nobody gets an answer.
    if (waitMs > 0 && (await world.faults.wait(waitMs, request)) !== "elapsed") {
      return noAnswer(jsonHeaders);
    }
    if (answer !== undefined) return scriptedAnswer(answer, operation);
    // Only a create has a body.
    if (body !== undefined) return createPlant(request, body, auth.token, world);
    const limit = parseLimitParam(request.search);
    if (!limit.ok) return errorAnswer(400, limit.message, jsonHeaders);
    const plants = world.store.list(auth.token, limit.limit);
    return jsonAnswer(200, plantsJson(plants), jsonHeaders);
  }

  /**
   * A create's body, read when the request arrives; not read at all when its Content-Type
   * already refuses it (a client that sent `Expect: 100-continue` is then never asked for it).
   */
  async function readCreateBody(request: CoreRequest): Promise<CreateBody> {
    if (!isJsonContentType(request.header("content-type"))) {
      return { kind: "refused", status: 415, message: CONTENT_TYPE_MESSAGE };
    }
    // A compressed body would be read as text and fail as "not UTF-8" or, worse, parse.
    const encoding = request.header("content-encoding");
    if (encoding !== null && encoding.trim().toLowerCase() !== "identity") {
      return { kind: "refused", status: 415, message: CONTENT_ENCODING_MESSAGE };
    }
    const body = await request.readBody(maxBodyBytes);
    if (body.ok) return { kind: "text", text: body.text };
    if (body.reason === "client-gone") return { kind: "client-gone" };
    const [status, message] = bodyFailureStatus(body.reason, maxBodyBytes);
    return { kind: "refused", status, message };
  }

  /** The answer a scenario scripted (failNext, respondNext, breakNext, Prefer, chaos). */
  function scriptedAnswer(answer: PendingAnswer, operation: PlantStoreOperation): CoreAnswer {
    if ("break" in answer) return brokenAnswer(answer.break, operation, brokenContext);
    const headers = { ...jsonHeaders, ...impliedHeaders(answer.status), ...answer.headers };
    return { status: answer.status, headers, body: answer.body };
  }

  async function createPlant(
    request: CoreRequest,
    body: Exclude<CreateBody, { kind: "client-gone" }>,
    owner: string,
    world: SandboxWorld,
  ): Promise<CoreAnswer> {
    if (body.kind === "refused") return errorAnswer(body.status, body.message, jsonHeaders);
    const input = parseNewPlant(body.text);
    if (!input.ok) return errorAnswer(400, input.message, jsonHeaders);
    // A client that gave up (during a delayNext, say) must not find its plant stored later.
    if (request.clientGone()) return noAnswer(jsonHeaders);
    const created = world.store.create(owner, input.plant);
    if (!created.ok) {
      return errorAnswer(409, `id ${created.id} is already in the store.`, jsonHeaders);
    }
    // Sandboxes live in memory only: their creates never reach the data file.
    if (commit !== undefined && world === global) await commit();
    // Not through the list cache: a plant may never be listed, and caching costs a create more than it saves.
    return jsonAnswer(createStatus, JSON.stringify(created.plant), jsonHeaders);
  }

  return {
    handle,
    inProcess: {
      store,
      ...worldVerbs(global),
      createSandbox: sandboxes.create,
      reset: () => resetWorld(global),
    },
    baseHeaders,
    secrets,
    shutdown: shutdown.close,
  };
}

const FAILURE_MESSAGE = "The server failed while handling the request.";

/** A body whose read failed for a reason of the server's own. */
const FAILED_BODY: CreateBody = { kind: "refused", status: 500, message: FAILURE_MESSAGE };

/** A create's body as read on arrival: its text, why the contract refuses it, or no client left. */
type CreateBody =
  | { kind: "text"; text: string }
  | { kind: "refused"; status: number; message: string }
  | { kind: "client-gone" };
