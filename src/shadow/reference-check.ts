// The check of each deployment answer against the reference: one core of the package's own
// (shadow-proxy.ts builds it), with a store of its own (empty at start: it holds what this
// proxy's callers created), any well-formed token accepted and no scenario (the request's
// `Prefer`, this mock's convenience, is not shown to it). What the contract's 401 looks like
// for a token the deployment refused is known by the core's own bearer rule, not a second core.
import type { BodyResult, CoreAnswer, CoreRequest } from "../contract/core-exchange.js";
import type { PlantStoreOperation } from "../contract/journal-entries.js";
import { createBearerAuth, unauthorizedAnswer } from "../mock/http/bearer-auth.js";
import type { ShadowFindings } from "../mock/journal/journal-record.js";
import type { PlantStoreCore } from "../mock/plant-store-core.js";
import type { PlantStore } from "../mock/store/store-types.js";
import type { ComparedBody } from "./answer-copy.js";
import { compareAnswers, fromCoreAnswer } from "./compare-answers.js";

/** The deployment's answer as checked: its status, its headers, its body as kept. */
export interface CheckedAnswer {
  status: number;
  header(name: string): string | undefined;
  body: ComparedBody;
}

export interface ReferenceCheck {
  /**
   * Where the deployment's answer to `request` (its body already read: `body`) breaks
   * openapi.yaml or departs from the reference; `token`: the caller's, whose creates the
   * reference remembers.
   */
  check(
    request: CoreRequest,
    body: BodyResult,
    operation: PlantStoreOperation | null,
    theirs: CheckedAnswer,
    token: string | undefined,
  ): Promise<ShadowFindings>;
  /** The reference's own answer to a request the proxy does not forward (a body too large). */
  answer(request: CoreRequest, body: BodyResult): Promise<CoreAnswer>;
  shutdown(): void;
}

/** `core`: the reference (shadow-proxy.ts builds it), `store` its store. */
export function createReferenceCheck(core: PlantStoreCore, store: PlantStore): ReferenceCheck {
  const jsonHeaders = { "content-type": "application/json", ...core.baseHeaders };
  // The core's bearer rule with no token accepted: the contract's 401 for this request.
  const refuseEvery = createBearerAuth(() => false);

  function forgetNewest(owner: string): void {
    const entries = store.entries();
    const newest = entries.map((entry) => entry.owner).lastIndexOf(owner);
    if (newest !== -1) store.load(entries.filter((_, index) => index !== newest));
  }

  return {
    async check(request, body, operation, theirs, token) {
      let ours = await core.handle(replay(request, body));
      if (operation === "createPlant" && success(ours.status) && !success(theirs.status)) {
        // The deployment did not store it: neither may the reference, or its lists would expect it.
        if (token !== undefined) forgetNewest(token);
      }
      if (theirs.status === 401 && ours.status !== 401) {
        // A token the deployment does not accept: its 401 is compared with the contract's.
        const refusal = refuseEvery(request.header("authorization"));
        if (!refusal.ok) ours = unauthorizedAnswer(refusal, jsonHeaders);
      }
      const findings = compareAnswers({
        operation,
        search: request.search,
        deployment: {
          status: theirs.status,
          header: theirs.header,
          bodyText: theirs.body.kind === "text" ? theirs.body.text : undefined,
        },
        reference: fromCoreAnswer(ours),
        createdByCaller: token === undefined ? [] : store.list(token),
      });
      if (theirs.body.kind === "violation") findings.violations.unshift(theirs.body.finding);
      if (theirs.body.kind === "not-compared") findings.notCompared = theirs.body.finding;
      return findings;
    },
    answer: (request, body) => core.handle(replay(request, body)),
    shutdown: core.shutdown,
  };
}

function success(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The same request for the reference, its body already read and its `Prefer` left out. */
function replay(request: CoreRequest, body: BodyResult): CoreRequest {
  return {
    method: request.method,
    path: request.path,
    search: request.search,
    host: request.host,
    header: (name) => (name === "prefer" ? null : request.header(name)),
    readBody: async () => body,
    clientGone: () => false,
    onClientGone: () => () => {},
  };
}
