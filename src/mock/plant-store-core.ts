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
import { constantTimeMatcher, createBearerAuth } from "./http/bearer-auth.js";
import { corsResponseHeaders, preflightStep } from "./http/cors.js";
import { errorAnswer, SERVER_FAILURE_MESSAGE } from "./http/json-answers.js";
import { operationAnswer } from "./http/plant-operations.js";
import { createRoute } from "./http/route.js";
import { createCoverageCounter } from "./journal/coverage.js";
import { noteViolation } from "./journal/journal.js";
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
import { type ForwardingStep, forwardingStep } from "./steps/forwarding.js";
import type { PlantStoreInProcess } from "./world/in-process.js";
import { createWorld, worldVerbs } from "./world/world.js";

export type { ForwardedAnswer, ForwardingStep } from "./steps/forwarding.js";

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
  const adminToken = config.admin?.token;
  const configured = createSecretTokens(
    adminToken === undefined ? tokens : [...(tokens ?? []), adminToken],
  );
  const secrets =
    forwarding === undefined ? configured : joinSecretTokens(configured, forwarding.tokens);
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
    secrets,
    shutdown,
    suiteCoverage,
    suitePact,
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
    requestSteps.push(adminRoutesStep({ ...admin, shadowSummary: forwarding?.summary }));
  }
  if (config.landingPage !== undefined) {
    requestSteps.push(landingPageStep(config.landingPage, basePath, admin !== undefined));
  }
  if (corsOrigin !== null) requestSteps.push(preflightStep(corsOrigin));
  if (forwarding !== undefined) {
    requestSteps.push(forwardingStep(forwarding, { journal: global.journal, route, failed }));
  }

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
        const answer = step(request);
        if (answer !== undefined) return await answer;
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
