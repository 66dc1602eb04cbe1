// The one place the contract is decided: a runtime-neutral CoreRequest -> CoreAnswer.
// Beside the API first: the admin endpoints (/__admin/, when enabled) and the landing page
// (GET / from a browser, when given). Then the API in the contract's order: CORS preflight,
// authentication, route; the request's arrival (a create's body read) and, in one step, its
// scenario; then the operation (content type, size, body/query, uniqueness). The request
// journal records every API request. Adapters only translate.

import { isBearerToken } from "../contract/bearer-token.js";
import type { CoreAnswer, CoreRequest, HeaderRecord } from "../contract/core-exchange.js";
import { isSandboxToken } from "../contract/sandbox-token.js";
import { createAdminApi, isAdminPath } from "./admin-api/admin-api.js";
import { constantTimeMatcher, createBearerAuth, unauthorizedAnswer } from "./http/bearer-auth.js";
import { corsResponseHeaders, preflightAnswer } from "./http/cors.js";
import { errorAnswer, noAnswer, SERVER_FAILURE_MESSAGE } from "./http/json-answers.js";
import { createPlant, listPlants } from "./http/plant-operations.js";
import { type CreateBody, readCreateBody } from "./http/request-body.js";
import { createRoute } from "./http/route.js";
import type { PlantStoreInProcess } from "./in-process.js";
import { createCoverageCounter } from "./journal/coverage.js";
import { createRequestJournal, noteBody, noteViolation } from "./journal/journal.js";
import type { JournalRecord, ShadowFindings } from "./journal/journal-record.js";
import {
  createSecretTokens,
  joinSecretTokens,
  redactWord,
  type SecretTokens,
} from "./journal/redaction.js";
import { landingPageAnswer, wantsLandingPage } from "./landing-page/landing-page-route.js";
import type { PlantStoreCoreConfig } from "./mock-options.js";
import { createPactCollector } from "./pact/pact-collector.js";
import {
  createSandboxRegistry,
  resetWorld,
  type SandboxWorld,
  worldVerbs,
} from "./sandboxes/sandbox-registry.js";
import { createFaultInjector } from "./scenarios/scenario-set.js";
import { scriptedAnswer } from "./scenarios/scripted-answer.js";
import { createShutdown } from "./scenarios/waiting-requests.js";

/**
 * What answers every API request instead of the contract's rules: the shadow proxy
 * (src/server/shadow/), which forwards it to a deployment. The core still answers the admin
 * endpoints, the landing page and CORS preflights, and files each forwarded request in the
 * journal with what the step found.
 */
export interface ForwardingStep {
  /** `seq`: the request's number in the journal, which the step's summary names. */
  forward(request: CoreRequest, seq: number): Promise<ForwardedAnswer>;
  /** GET /__admin/shadow: the summary of what was found. */
  summary(): unknown;
  /** Every bearer token forwarded so far: hidden from the journal, the admin answers and logs. */
  tokens(): SecretTokens;
}

export interface ForwardedAnswer {
  answer: CoreAnswer;
  /** The bearer token forwarded, hidden from every entry as an accepted one is. */
  token?: string | undefined;
  /** The body forwarded, for the journal (and the pact). */
  bodyText?: string | undefined;
  findings?: ShadowFindings | undefined;
}

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
export function createPlantStoreCore(
  config: PlantStoreCoreConfig,
  forwarding?: ForwardingStep,
): PlantStoreCore {
  const { store, tokens, createStatus, maxBodyBytes, corsOrigin, basePath, commit } = config;
  const shutdown = createShutdown();
  const faults = createFaultInjector(shutdown);
  const adminToken = config.admin?.token;
  const configured = createSecretTokens(
    adminToken === undefined ? tokens : [...(tokens ?? []), adminToken],
  );
  const secrets =
    forwarding === undefined ? configured : joinSecretTokens(configured, forwarding.tokens);
  // The set's coverage is the suite's: every sandbox counts into it too, closed ones included.
  const suiteCoverage = createCoverageCounter();
  const suitePact = createPactCollector();
  const journal = createRequestJournal(secrets, { coverage: suiteCoverage, pact: suitePact });
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
    suitePact,
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
          shadowSummary: forwarding?.summary,
        });
  const landingPage = config.landingPage;
  const baseHeaders = corsResponseHeaders(corsOrigin);
  const jsonHeaders: HeaderRecord = { "content-type": "application/json", ...baseHeaders };
  const route = createRoute(basePath, jsonHeaders);
  const failed = errorAnswer(500, SERVER_FAILURE_MESSAGE, jsonHeaders);
  const scripted = { headers: jsonHeaders, createStatus };

  async function handle(request: CoreRequest): Promise<CoreAnswer> {
    if (adminApi !== undefined && isAdminPath(request.path)) {
      return adminApi(request).catch(() => failed);
    }
    if (landingPage !== undefined && wantsLandingPage(request)) {
      return landingPageAnswer(landingPage, request, basePath, adminApi !== undefined);
    }
    if (corsOrigin !== null && request.method === "OPTIONS") return preflightAnswer(corsOrigin);
    if (forwarding !== undefined) return forwarded(request, forwarding);
    const { method, path, search } = request;
    const operation = route.operationOf(method, path);
    let auth = authenticate(request.header("authorization"));
    // The request arrives once it is read whole: a create's body is read first (unless its
    // Content-Type already refuses it), and everything after this is decided on arrival.
    const body =
      auth.ok && operation === "createPlant"
        ? await readCreateBody(request, maxBodyBytes)
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

  /** A request the forwarding step answered, filed in the journal as any other. */
  async function forwarded(request: CoreRequest, step: ForwardingStep): Promise<CoreAnswer> {
    const { method, path, search } = request;
    const record = journal.start(method, path, search, route.operationOf(method, path));
    const result: ForwardedAnswer = await step
      .forward(request, record.seq)
      .catch(() => ({ answer: failed }));
    record.token = result.token;
    if (result.bodyText !== undefined) noteBody(record, result.bodyText);
    record.shadow = result.findings;
    noteViolation(record, result.answer);
    journal.finish(record, result.answer.status);
    return result.answer;
  }

  /** The API's answer, in the contract's order, each step one module's. */
  async function answerApi(
    request: CoreRequest,
    record: JournalRecord,
    auth: ReturnType<typeof authenticate>,
    world: SandboxWorld,
    body: CreateBody | undefined,
  ): Promise<CoreAnswer> {
    if (!auth.ok) return unauthorizedAnswer(auth, jsonHeaders);
    record.token = auth.token;
    const { operation } = record;
    // Any token is a valid method name: `curl -X <token>` must not see it echoed.
    if (operation === null) {
      return route.refusal(request.path, redactWord(request.method, secrets.with([auth.token])));
    }

    // Its scenario is decided on arrival, in one step: nothing set, cleared or reset from here
    // on changes its answer, and a request that waits can never take a scenario set after it
    // arrived.
    if (body?.kind === "client-gone") return noAnswer(jsonHeaders);
    if (body?.kind === "text") noteBody(record, body.text);
    const { token } = auth;
    const { waitMs, answer } = world.faults.decide(operation, {
      prefer: request.header("prefer"),
      received: () => world.journal.received(record, body?.kind === "text" ? body.text : undefined),
      redact: (text) => redactWord(text, secrets.with([token])),
    });
    if (answer !== undefined) {
      record.scripted = answer.by;
      if ("break" in answer) record.broken = answer.break;
      else if (answer.problem !== undefined) record.scriptProblem = answer.problem;
      // A hang will never be answered: listed now, so a test can see what its app sent.
      if (record.broken === "hang") world.journal.finish(record, 0);
    }
    // Ended (clearFaults, a reset, a close) or abandoned by the client: nobody gets an answer.
    if (waitMs > 0 && (await world.faults.wait(waitMs, request)) !== "elapsed") {
      return noAnswer(jsonHeaders);
    }
    if (answer !== undefined) return scriptedAnswer(answer, operation, scripted);
    // Only a create has a body; sandboxes live in memory only, so theirs never reach the data file.
    if (body === undefined) return listPlants(world.store, auth.token, request.search, jsonHeaders);
    const durable = world === global ? commit : undefined;
    return createPlant(request, body, world.store, auth.token, {
      headers: jsonHeaders,
      createStatus,
      commit: durable,
    });
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
