// The shadow proxy (`plant-store-mock --shadow <base-url>`): it stands in front of the core on
// the Node server, and every API request goes to the deployment, whose answer streams back to
// the app unchanged, while a reference core of our own answers the same request, so each real
// answer is checked against openapi.yaml (violations) and against the reference (divergences),
// both filed with the request in the core's journal (forward-request.ts). The core still
// answers the admin endpoints, with the proxy's own mounted among them, and CORS preflights.
import type { CoreRequest } from "../contract/core-exchange.js";
import type { ShadowSummary } from "../contract/shadow-summary.js";
import { ADMIN_PREFIX, adminJson } from "../mock/admin-api/admin-routes.js";
import type { PlantStoreCoreConfig } from "../mock/mock-options.js";
import {
  createPlantStoreCore,
  type PlantStoreCore,
  type PlantStoreCoreHooks,
} from "../mock/plant-store-core.js";
import { createPlantStore } from "../mock/store/store.js";
import { createDeploymentClient } from "./deployment-client.js";
import { createForwarding } from "./forward-request.js";
import { createForwardedTokens } from "./forwarded-tokens.js";
import type { RawExchange } from "./pass-answer.js";
import { createReferenceCheck } from "./reference-check.js";
import { REFUSED_ADMIN_ROUTES, REFUSED_VERBS } from "./script-refusals.js";
import type { Deployment } from "./shadow-options.js";
import { createShadowTally } from "./shadow-summary.js";

export interface ShadowProxy {
  /** What the core is started with: the proxy's admin routes, the forwarded tokens to hide. */
  readonly hooks: PlantStoreCoreHooks;
  /** The in-process verbs a shadow proxy refuses, in place of the core's. */
  readonly refusedVerbs: typeof REFUSED_VERBS;
  /** Takes each of `core`'s API requests in front of it (true), leaving it the rest (false). */
  frontOf(core: PlantStoreCore): (request: CoreRequest, exchange: RawExchange) => boolean;
  summary(): ShadowSummary;
  /** Ends every forwarded request in flight (no answer) and closes the sockets to the deployment. */
  close(): void;
}

/**
 * `config`: the server's checked core options, of which the reference takes the ones that
 * shape an answer (base path, create status, body limit, CORS); `stallMs`: how long the
 * deployment may send nothing while the proxy waits for it (the server's requestTimeout).
 */
export function createShadowProxy(
  deployment: Deployment,
  config: PlantStoreCoreConfig,
  stallMs: number,
): ShadowProxy {
  const client = createDeploymentClient(deployment, stallMs);
  const tally = createShadowTally(deployment.url);
  const tokens = createForwardedTokens();
  // The one reference core: its own store, empty at start (what this proxy's callers created),
  // any well-formed token accepted, no admin endpoints or page; the rest as the server's.
  const store = createPlantStore({ seed: [] });
  const referenceCore = createPlantStoreCore({
    ...config,
    store,
    seed: [],
    tokens: undefined,
    admin: undefined,
    landingPage: undefined,
    commit: undefined,
  });
  const reference = createReferenceCheck(referenceCore, store);
  const summary = () => tally.summary(tokens.secrets);

  return {
    hooks: {
      adminRoutes: {
        [`${ADMIN_PREFIX}/shadow`]: { GET: async () => adminJson(200, summary()) },
        ...REFUSED_ADMIN_ROUTES,
      },
      secrets: () => tokens.secrets,
    },
    refusedVerbs: REFUSED_VERBS,
    frontOf(core) {
      const forward = createForwarding({
        deployment,
        client,
        reference,
        tokens,
        tally,
        core,
        basePath: config.basePath,
        maxBodyBytes: config.maxBodyBytes,
        adminToken: config.admin?.token,
      });
      return (request, exchange) => {
        if (!core.isApiRequest(request)) return false;
        forward(request, exchange);
        return true;
      };
    },
    summary,
    close() {
      client.close();
      reference.shutdown();
    },
  };
}
