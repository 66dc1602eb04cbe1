// The one place the contract is decided: a runtime-neutral CoreRequest -> CoreAnswer.
// Checks run in the contract's order: preflight, auth, route, fault scenarios, then the
// operation (content type, size, body/query, uniqueness). Adapters only translate.
// Beside the API: the admin endpoints (/__admin/, when enabled), the landing page (GET / from
// a browser, when given) and the request journal, which records every API request.

import { isBearerToken } from "../contract/bearer-token.js";
import { createAdminApi, isAdminPath } from "./admin/admin-api.js";
import { errorAnswer, jsonAnswer, plantsJson } from "./answers.js";
import { brokenAnswer, createHangShutdown } from "./broken-answers.js";
import type { CoreAnswer, CoreRequest, HeaderRecord } from "./core-types.js";
import { corsResponseHeaders, preflightAnswer } from "./cors.js";
import { createFaultInjector, type FaultInjector, type PendingAnswer } from "./faults.js";
import {
  createRequestJournal,
  type JournalRecord,
  noteBody,
  noteViolation,
  type PlantStoreRequestJournal,
} from "./journal.js";
import { landingPageAnswer, wantsLandingPage } from "./landing-page/landing-page-route.js";
import type { PlantStoreCoreConfig } from "./mock-options.js";
import {
  bodyFailureStatus,
  CONTENT_TYPE_MESSAGE,
  isJsonContentType,
  parseLimitParam,
  parseNewPlant,
} from "./request-input.js";
import { createSandboxRegistry, type SandboxWorld, worldVerbs } from "./sandboxes.js";
import { preferredAnswer } from "./scripted-answers.js";
import {
  type AuthResult,
  constantTimeMatcher,
  createBearerAuth,
  createSecretTokens,
  isSandboxToken,
  redactWord,
  type SecretTokens,
  WWW_AUTHENTICATE,
  WWW_AUTHENTICATE_INVALID,
} from "./tokens.js";
import type {
  CreateSandboxOptions,
  PlantStore,
  PlantStoreFaults,
  PlantStoreOperation,
  PlantStoreSandbox,
} from "./types.js";

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

/** What every serving entry hands its user beside the serving itself: the global world's store, scenarios and journal, and sandboxes. */
export interface PlantStoreInProcess extends PlantStoreFaults, PlantStoreRequestJournal {
  readonly store: PlantStore;
  createSandbox(options?: CreateSandboxOptions): PlantStoreSandbox;
}

export interface PlantStoreCore {
  /** Never rejects: a failure inside (a user's store that throws) is the 500 Error body. */
  handle(request: CoreRequest): Promise<CoreAnswer>;
  /** Spread by each adapter into what it returns, so every entry offers the same methods. */
  readonly inProcess: PlantStoreInProcess;
  /** The headers every answer carries (CORS), for answers made outside the core. */
  readonly baseHeaders: HeaderRecord;
  /**
   * The accepted tokens, API, admin and live sandboxes: what no log line may show
   * (request-log.ts). Kept current as sandboxes open and close, so read it at use time.
   */
  readonly secrets: SecretTokens;
  /**
   * Ends every hanging request (breakNext "hang"), in every sandbox too, and every later one at
   * once: the Node server calls it when it closes, so a hang never holds a shutdown back.
   */
  shutdown(): void;
}

/** Takes checked options (mock-options.ts) and trusts them, as every entry checks its own once. */
export function createPlantStoreCore(config: PlantStoreCoreConfig): PlantStoreCore {
  const { store, tokens, createStatus, maxBodyBytes, corsOrigin, basePath, commit } = config;
  const plantsPath = `${basePath}/plants`;
  const shutdown = createHangShutdown();
  const faults = createFaultInjector(shutdown);
  const adminToken = config.admin?.token;
  const secrets = createSecretTokens(
    adminToken === undefined ? tokens : [...(tokens ?? []), adminToken],
  );
  const journal = createRequestJournal(secrets);
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
  const failed = errorAnswer(500, "The server failed while handling the request.", jsonHeaders);
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
    const auth = authenticate(request.header("authorization"));
    const world = (auth.ok && isSandboxToken(auth.token) && sandboxes.find(auth.token)) || global;
    const { method, path, search } = request;
    const record = world.journal.start(method, path, search, operationOf(method, path));
    // A store passed in by the user that throws, say: every adapter sends the Error body,
    // never the raw error (MSW would show its stack as the response).
    const answer = await answerApi(request, record, auth, world).catch(() => failed);
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

    const delay = world.faults.takeDelay(operation);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const scenario = scriptedAnswer(world.faults, operation, request);
    if (scenario !== undefined) {
      record.scripted = scenario.by;
      // The journal shows what the app sent even when a scripted answer answered it.
      if (operation === "createPlant") await noteUnreadBody(request, record, maxBodyBytes);
      if ("break" in scenario) {
        record.broken = scenario.break;
        const { dropped } = scenario;
        const hang = dropped === undefined ? world.faults.hang : () => dropped;
        return brokenAnswer(scenario.break, operation, {
          headers: jsonHeaders,
          createStatus,
          hang,
        });
      }
      const headers = { ...jsonHeaders, ...impliedHeaders(scenario.status), ...scenario.headers };
      return { status: scenario.status, headers, body: scenario.body };
    }

    if (operation === "listPlants") {
      const limit = parseLimitParam(request.search);
      if (!limit.ok) return errorAnswer(400, limit.message, jsonHeaders);
      const plants = world.store.list(auth.token, limit.limit);
      return jsonAnswer(200, plantsJson(plants), jsonHeaders);
    }
    return createPlant(request, auth.token, record, world);
  }

  async function createPlant(
    request: CoreRequest,
    owner: string,
    record: JournalRecord,
    world: SandboxWorld,
  ): Promise<CoreAnswer> {
    if (!isJsonContentType(request.header("content-type"))) {
      return errorAnswer(415, CONTENT_TYPE_MESSAGE, jsonHeaders);
    }
    // A compressed body would be read as text and fail as "not UTF-8" or, worse, parse.
    const encoding = request.header("content-encoding");
    if (encoding !== null && encoding.trim().toLowerCase() !== "identity") {
      return errorAnswer(415, CONTENT_ENCODING_MESSAGE, jsonHeaders);
    }
    const body = await request.readBody(maxBodyBytes);
    if (!body.ok) {
      const [status, message] = bodyFailureStatus(body.reason, maxBodyBytes);
      return errorAnswer(status, message, jsonHeaders);
    }
    noteBody(record, body.text);
    const input = parseNewPlant(body.text);
    if (!input.ok) return errorAnswer(400, input.message, jsonHeaders);
    // A client that gave up (during a delayNext, say) must not find its plant stored later.
    if (request.clientGone()) return clientGone(jsonHeaders);
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
    inProcess: { store, ...worldVerbs(global), createSandbox: sandboxes.create },
    baseHeaders,
    secrets,
    shutdown: shutdown.close,
  };
}

/**
 * The answer a test scripted, if any (after a pending delay has run): a queued one first
 * (failNext, respondNext, breakNext), then the request's own `Prefer: code=N`, then chaos (which
 * draws only for calls nothing else answered, so its sequence follows the requests it saw).
 */
function scriptedAnswer(
  faults: FaultInjector,
  operation: PlantStoreOperation,
  request: CoreRequest,
): PendingAnswer | undefined {
  return (
    faults.takeFailure(operation) ??
    preferredAnswer(operation, request.header("prefer")) ??
    faults.takeChaos(operation)
  );
}

async function noteUnreadBody(request: CoreRequest, record: JournalRecord, maxBytes: number) {
  const body = await request.readBody(maxBytes);
  if (body.ok) noteBody(record, body.text);
}

/** Nobody reads this answer; it exists so adapters and logs see a status. */
function clientGone(jsonHeaders: HeaderRecord): CoreAnswer {
  return errorAnswer(499, "The client closed the request before it was answered.", jsonHeaders);
}
