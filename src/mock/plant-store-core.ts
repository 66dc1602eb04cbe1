// The one place the contract is decided: a runtime-neutral CoreRequest -> CoreAnswer, as an
// ordered list of steps, each one module's. Beside the API first: the admin endpoints
// (/__admin/, when enabled), the landing page (GET / from a browser, when given) and CORS
// preflights. Then the API in the contract's order: the request's arrival (authentication, the
// route, a create's body read whole: steps/arrival.ts), its scenario decided on arrival, the
// operation's answer, and the journal's finish. Adapters only translate.

import { isBearerToken } from "../contract/bearer-token.js";
import type { CoreAnswer, CoreRequest, HeaderRecord } from "../contract/core-exchange.js";
import { isSandboxToken } from "../contract/sandbox-token.js";
import { adminRoutesStep } from "./admin-api/admin-api.js";
import type { Methods } from "./admin-api/admin-routes.js";
import { constantTimeMatcher, createBearerAuth } from "./http/bearer-auth.js";
import { corsResponseHeaders, preflightStep } from "./http/cors.js";
import { errorAnswer, SERVER_FAILURE_MESSAGE } from "./http/json-answers.js";
import { operationAnswer } from "./http/plant-operations.js";
import { createRoute } from "./http/route.js";
import { createCoverageCounter } from "./journal/coverage.js";
import { noteViolation, type RequestJournal } from "./journal/journal.js";
import type { JournalRecord } from "./journal/journal-record.js";
import { createSecretTokens, joinSecretTokens, type SecretTokens } from "./journal/redaction.js";
import { landingPageStep } from "./landing-page/landing-page-route.js";
import type { PlantStoreCoreConfig } from "./mock-options.js";
import { createPactCollector } from "./pact/pact-collector.js";
import { createSandboxRegistry } from "./sandboxes/sandbox-registry.js";
import { arrivalDecision } from "./scenarios/arrival-decision.js";
import { createShutdown } from "./scenarios/waiting-requests.js";
import { type ArrivedRequest, createArrival } from "./steps/arrival.js";
import type { ApiStep, RequestStep } from "./steps/core-step.js";
import type { PlantStoreInProcess } from "./world/in-process.js";
import { createWorld } from "./world/world.js";
import { worldVerbs } from "./world/world-verbs.js";

// ---- Hooks for what serves beside the core (a proxy in front of it, say); the core names none.

/** What whoever starts the core may plug into it. */
export interface PlantStoreCoreHooks {
  /**
   * Admin endpoints beside the core's own, mounted by whoever starts them (behind the same
   * admin token); on a path the core serves too, a method given here answers instead.
   */
  adminRoutes?: Readonly<Record<string, Methods>> | undefined;
  /** Tokens to hide beyond the configured ones, read at each use (a set that grows). */
  secrets?: (() => SecretTokens) | undefined;
}

/** What the core offers what serves beside it: part of {@link PlantStoreCore}. */
interface BesideTheCore {
  /**
   * Whether the API's steps would answer `request`: no step before them (admin endpoints,
   * landing page, preflight) takes it. What an adapter may answer in front of the core.
   */
  isApiRequest(request: CoreRequest): boolean;
  /** The set's own journal: where an answer made outside the core is filed. */
  readonly journal: RequestJournal;
}

// ---- End of the hooks.

export interface PlantStoreCore extends BesideTheCore {
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
  hooks: PlantStoreCoreHooks = {},
): PlantStoreCore {
  const { store, tokens, createStatus, maxBodyBytes, corsOrigin, basePath, commit } = config;
  const shutdown = createShutdown();
  const adminToken = config.admin?.token;
  const configured = createSecretTokens(
    adminToken === undefined ? tokens : [...(tokens ?? []), adminToken],
  );
  const secrets =
    hooks.secrets === undefined ? configured : joinSecretTokens(configured, hooks.secrets);
  // The set's coverage and pact are the suite's: every sandbox counts into them too, closed
  // ones included.
  const suiteCoverage = createCoverageCounter();
  const suitePact = createPactCollector();
  const global = createWorld(store, shutdown, secrets, {
    coverage: suiteCoverage,
    pact: suitePact,
  });
  const sandboxes = createSandboxRegistry({
    seed: config.seed,
    maxSandboxes: config.maxSandboxes,
    sandboxIdleMs: config.sandboxIdleMs,
    createWorld: (sandboxStore) =>
      createWorld(sandboxStore, shutdown, secrets, {
        coverage: createCoverageCounter(suiteCoverage),
        pact: createPactCollector(suitePact),
      }),
  });
  // A `psb_` token is a sandbox's or nobody's, whatever else the set accepts.
  const accepts = tokens === undefined ? isBearerToken : constantTimeMatcher(tokens);
  const authenticate = createBearerAuth((token) =>
    isSandboxToken(token) ? sandboxes.find(token) !== undefined : accepts(token),
  );
  const baseHeaders = corsResponseHeaders(corsOrigin);
  const headers: HeaderRecord = { "content-type": "application/json", ...baseHeaders };
  const route = createRoute(basePath, headers);
  const failed = errorAnswer(500, SERVER_FAILURE_MESSAGE, headers);
  const admin =
    config.admin === undefined
      ? undefined
      : { world: global, maxBodyBytes, token: adminToken, secrets, sandboxes, commit };

  /** Beside the API, in this order: each answers its own requests and passes the rest on. */
  const requestSteps: RequestStep[] = [];
  if (admin !== undefined) {
    requestSteps.push(adminRoutesStep({ ...admin, routes: hooks.adminRoutes }));
  }
  if (config.landingPage !== undefined) {
    requestSteps.push(landingPageStep(config.landingPage, basePath, admin !== undefined));
  }
  if (corsOrigin !== null) requestSteps.push(preflightStep(corsOrigin));

  const arrival = createArrival({
    authenticate,
    route,
    maxBodyBytes,
    sandboxWorld: sandboxes.find,
    global,
    secrets,
    headers,
  });
  /** The API once the request has arrived: its scenario, then the operation's own answer. */
  const apiSteps: ApiStep[] = [
    arrivalDecision({ headers, createStatus }, secrets),
    operationAnswer({ headers, createStatus, commit, global }),
  ];

  async function handle(request: CoreRequest): Promise<CoreAnswer> {
    // A store passed in by the user that throws, say: every adapter sends the Error body,
    // never the raw error (MSW would show its stack as the response).
    try {
      for (const step of requestSteps) {
        if (step.takes(request)) return await step.answer(request);
      }
    } catch {
      return failed;
    }
    return arrival.arrive(request, answerArrived);
  }

  /** An API request from its arrival: the journal's start, its steps, the journal's finish. */
  async function answerArrived(arrived: ArrivedRequest): Promise<CoreAnswer> {
    const { method, path, search } = arrived.request;
    const record = arrived.world.journal.start(method, path, search, arrived.operation);
    const answer = await answerApi(arrived, record).catch(() => failed);
    // The journal's finish: what the request got, and whether the caller broke the contract.
    noteViolation(record, answer);
    arrived.world.journal.finish(record, answer.status);
    return answer;
  }

  /** The refusal the request gets on arrival, or the first answer of the API's steps. */
  async function answerApi(arrived: ArrivedRequest, record: JournalRecord): Promise<CoreAnswer> {
    const accepted = arrival.accept(arrived, record);
    if (!("record" in accepted)) return accepted;
    for (const step of apiSteps) {
      const answer = await step(accepted);
      if (answer !== undefined) return answer;
    }
    // The last step always answers (operationAnswer): reaching here is a fault of ours.
    return failed;
  }

  return {
    handle,
    isApiRequest: (request) => !requestSteps.some((step) => step.takes(request)),
    journal: global.journal,
    inProcess: {
      store,
      ...worldVerbs(global),
      createSandbox: sandboxes.create,
      reset: global.reset,
    },
    baseHeaders,
    secrets,
    shutdown: shutdown.close,
  };
}
