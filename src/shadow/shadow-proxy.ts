// The shadow proxy (`plant-store-mock --shadow <base-url>`): it stands in front of the core on
// the Node server, and every API request goes to the deployment, whose answer streams back to
// the app unchanged, while a reference core of our own answers the same request, so each real
// answer is checked against openapi.yaml (violations) and against the reference (divergences),
// both filed with the request in the core's journal. The core still answers the admin
// endpoints and CORS preflights; the proxy authenticates nothing (the deployment decides) but
// never forwards its own admin token or a sandbox token.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BodyResult, CoreAnswer, CoreRequest } from "../contract/core-exchange.js";
import { isSandboxToken } from "../contract/sandbox-token.js";
import type { ShadowSummary } from "../contract/shadow-summary.js";
import { ADMIN_PREFIX, adminJson } from "../mock/admin-api/admin-routes.js";
import { createBearerAuth, unauthorizedAnswer } from "../mock/http/bearer-auth.js";
import { errorAnswer, noAnswer } from "../mock/http/json-answers.js";
import { createRoute } from "../mock/http/route.js";
import { noteBody, noteViolation } from "../mock/journal/journal.js";
import type { JournalRecord, ShadowFindings } from "../mock/journal/journal-record.js";
import { redactWord } from "../mock/journal/redaction.js";
import type { PlantStoreCoreConfig } from "../mock/mock-options.js";
import type { PlantStoreCore, PlantStoreCoreHooks } from "../mock/plant-store-core.js";
import { createAnswerCopy } from "./answer-copy.js";
import { createDeploymentClient, type DeploymentAnswer } from "./deployment-client.js";
import { createForwardedTokens } from "./forwarded-tokens.js";
import { headerOf, passAnswer } from "./pass-answer.js";
import { createReferenceCheck } from "./reference-check.js";
import { REFUSED_ADMIN_ROUTES, REFUSED_VERBS } from "./script-refusals.js";
import type { Deployment } from "./shadow-options.js";
import { createShadowTally, type ForwardOutcome } from "./shadow-summary.js";

/** What the Node adapter hands the proxy with a request it may take (node-adapter.ts). */
export interface RawExchange {
  incoming: IncomingMessage;
  response: ServerResponse;
  /** Writes an answer made here as the adapter writes the core's. */
  answer(answer: CoreAnswer): void;
}

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

const ADMIN_TOKEN_REFUSED =
  "The bearer token in the Authorization header is this proxy's admin token, which is never forwarded; send the deployment's own token.";
const SANDBOX_TOKEN_REFUSED =
  "The bearer token in the Authorization header is a sandbox token (psb_...), which a shadow proxy never forwards: it has no sandboxes; send the deployment's own token.";
const NO_BODY: BodyResult = { ok: true, text: "" };

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
  const reference = createReferenceCheck(config);
  // The core's bearer rule, any token taken: which token a request carries, to forward.
  const bearerOf = createBearerAuth(() => true);
  const summary = () => tally.summary(tokens.secrets);

  function frontOf(core: PlantStoreCore) {
    const { journal, baseHeaders } = core;
    const jsonHeaders = { "content-type": "application/json", ...baseHeaders };
    const route = createRoute(config.basePath, jsonHeaders);
    const refusal = (message: string) =>
      unauthorizedAnswer({ ok: false, message, invalidToken: true }, jsonHeaders);

    /** Files the request's answer in the core's journal, as the core files its own. */
    function file(record: JournalRecord, status: number, body: string, findings?: ShadowFindings) {
      record.shadow = findings;
      noteViolation(record, { status, headers: jsonHeaders, body });
      journal.finish(record, status);
    }

    /** Counts a forward, and notes what its answer (of `status`) showed in the summary. */
    function tallied(
      record: JournalRecord,
      outcome: ForwardOutcome,
      status: number,
      findings?: ShadowFindings,
    ) {
      tally.forwarded(outcome);
      if (findings === undefined) return;
      const { seq, method, path } = record;
      tally.note(findings, { seq, method, path, status }, tokens.secrets);
    }

    async function forward(request: CoreRequest, exchange: RawExchange): Promise<void> {
      const { method, path, search } = request;
      const operation = route.operationOf(method, path);
      const record = journal.start(method, path, search, operation);
      const local = (answer: CoreAnswer) => {
        file(record, answer.status, answer.body);
        exchange.answer(answer);
      };
      const auth = bearerOf(request.header("authorization"));
      const token = auth.ok ? auth.token : undefined;
      if (token !== undefined && token === config.admin?.token) {
        return local(refusal(ADMIN_TOKEN_REFUSED));
      }
      if (token !== undefined && isSandboxToken(token))
        return local(refusal(SANDBOX_TOKEN_REFUSED));
      if (token !== undefined) {
        tokens.remember(token);
        record.token = token;
      }
      const beneath = route.beneath(path);
      // Outside --base-path: the proxy's own 404, never the deployment's to answer.
      if (beneath === undefined) {
        return local(route.refusal(path, redactWord(method, core.secrets)));
      }
      const withBody = method !== "GET" && method !== "HEAD";
      const body = withBody ? await request.readBody(config.maxBodyBytes) : NO_BODY;
      if (!body.ok) {
        // Too large or not UTF-8: answered here as the reference server would, not forwarded.
        if (body.reason === "client-gone") return local(noAnswer(jsonHeaders));
        return local(await reference.answer(request, body));
      }
      if (withBody) noteBody(record, body.text);

      const gone = new AbortController();
      const stopListening = request.onClientGone(() => gone.abort());
      const sent = await client.send(
        {
          method,
          target: `${beneath}${search}`,
          headers: forwardedHeaders(request),
          body: withBody ? body.text : undefined,
        },
        gone.signal,
      );
      if (!sent.ok) {
        stopListening();
        if (sent.kind === "ended") return local(noAnswer(jsonHeaders));
        return failed(record, sent.kind, sent.reason, exchange);
      }
      const copy = createAnswerCopy();
      const passed = await passAnswer(sent.answer, exchange.response, baseHeaders, copy);
      stopListening();
      if (!passed.headSent) {
        gone.abort();
        if (exchange.response.destroyed) return local(noAnswer(jsonHeaders));
        return failed(record, "broken", passed.reason, exchange);
      }
      const { ending } = passed;
      if (!ending.ok) {
        // The head is out: no 502 can follow it. The app's connection is cut, and the journal
        // and the summary say why.
        if (ending.kind === "ended") {
          exchange.response.destroy();
          return file(record, 0, "");
        }
        passed.cut();
        const findings = brokenAnswer(`${ending.reason}; the app's connection was cut`);
        tallied(record, "broken", sent.answer.status, findings);
        return file(record, sent.answer.status, "", findings);
      }
      const { status } = sent.answer;
      const { found, bodyText } = await compared(
        request,
        body,
        operation,
        sent.answer,
        copy,
        token,
      );
      tallied(record, "answered", status, found);
      file(record, status, bodyText ?? "", found);
      passed.finish();
    }

    /** The deployment's answer checked against the reference's, as kept by `copy`. */
    async function compared(
      request: CoreRequest,
      body: BodyResult,
      operation: ReturnType<typeof route.operationOf>,
      answer: DeploymentAnswer,
      copy: ReturnType<typeof createAnswerCopy>,
      token: string | undefined,
    ) {
      const header = (name: string) => headerOf(answer.rawHeaders, name);
      const kept = await copy.body(header("content-encoding"), header("content-type"));
      const theirs = { status: answer.status, header, body: kept };
      const found = await reference.check(request, body, operation, theirs, token);
      return { found, bodyText: kept.kind === "text" ? kept.text : undefined };
    }

    /** The app's 502 for a deployment that gave no answer the proxy can pass on. */
    function failed(
      record: JournalRecord,
      kind: "unreachable" | "broken",
      reason: string,
      exchange: RawExchange,
    ) {
      const message =
        kind === "unreachable"
          ? `The deployment at ${deployment.origin} did not answer (${reason}); the request was not retried.`
          : `The deployment at ${deployment.origin} sent an answer the proxy cannot pass on: ${reason}; the request was not retried.`;
      const answer = errorAnswer(502, message, jsonHeaders);
      const findings = kind === "broken" ? brokenAnswer(reason) : undefined;
      tallied(record, kind, 502, findings);
      file(record, 502, answer.body, findings);
      exchange.answer(answer);
    }

    return (request: CoreRequest, exchange: RawExchange): boolean => {
      if (!core.isApiRequest(request)) return false;
      forward(request, exchange).catch(() => {
        // Nothing a deployment sends may take the server down: a failure here cuts the answer.
        exchange.response.destroy();
      });
      return true;
    };
  }

  return {
    hooks: {
      adminRoutes: {
        [`${ADMIN_PREFIX}/shadow`]: { GET: async () => adminJson(200, summary()) },
        ...REFUSED_ADMIN_ROUTES,
      },
      secrets: () => tokens.secrets,
    },
    refusedVerbs: REFUSED_VERBS,
    frontOf,
    summary,
    close() {
      client.close();
      reference.shutdown();
    },
  };
}

function brokenAnswer(reason: string): ShadowFindings {
  return { violations: [{ kind: "http", message: reason }], divergences: [] };
}

// What a forwarded request carries: the app's own credentials and what it asks for, the body's
// type, and the encodings it takes (the answer's bytes are passed on as they come).
const FORWARDED_HEADERS = ["authorization", "content-type", "accept", "accept-encoding"];

function forwardedHeaders(request: CoreRequest): Record<string, string> {
  const headers: Record<string, string> = { "user-agent": "plant-store-mock (shadow proxy)" };
  for (const name of FORWARDED_HEADERS) {
    const value = request.header(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}
