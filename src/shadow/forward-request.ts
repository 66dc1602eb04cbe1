// One API request through the shadow proxy, in the order it meets it: filed in the core's
// journal on arrival; refused here if it carries a token that is not the deployment's to see;
// answered here if it lies outside --base-path or its body is one the reference refuses
// unread; otherwise sent to the deployment once, its answer streamed back (pass-answer.ts),
// then compared with the reference's (reference-check.ts), counted and filed before the app
// has the last of it.
import type { BodyResult, CoreAnswer, CoreRequest } from "../contract/core-exchange.js";
import type { PlantStoreOperation } from "../contract/journal-entries.js";
import { isSandboxToken } from "../contract/sandbox-token.js";
import { createBearerAuth, unauthorizedAnswer } from "../mock/http/bearer-auth.js";
import { errorAnswer, noAnswer } from "../mock/http/json-answers.js";
import { createRoute } from "../mock/http/route.js";
import { noteBody, noteViolation } from "../mock/journal/journal.js";
import type { JournalRecord, ShadowFindings } from "../mock/journal/journal-record.js";
import { redactWord } from "../mock/journal/redaction.js";
import type { PlantStoreCore } from "../mock/plant-store-core.js";
import { type AnswerCopy, createAnswerCopy } from "./answer-copy.js";
import type { DeploymentAnswer, DeploymentClient } from "./deployment-client.js";
import type { ForwardedTokens } from "./forwarded-tokens.js";
import { headerOf, passAnswer, type RawExchange } from "./pass-answer.js";
import type { ReferenceCheck } from "./reference-check.js";
import type { Deployment } from "./shadow-options.js";
import type { ForwardOutcome, ShadowTally } from "./shadow-summary.js";

export interface ForwardingParts {
  deployment: Deployment;
  client: DeploymentClient;
  reference: ReferenceCheck;
  tokens: ForwardedTokens;
  tally: ShadowTally;
  /** The server's core, in front of which the proxy stands: its journal, headers and secrets. */
  core: PlantStoreCore;
  basePath: string;
  maxBodyBytes: number;
  /** The proxy's own admin token, never forwarded. */
  adminToken: string | undefined;
}

const ADMIN_TOKEN_REFUSED =
  "The bearer token in the Authorization header is this proxy's admin token, which is never forwarded; send the deployment's own token.";
const SANDBOX_TOKEN_REFUSED =
  "The bearer token in the Authorization header is a sandbox token (psb_...), which a shadow proxy never forwards: it has no sandboxes; send the deployment's own token.";
const NO_BODY: BodyResult = { ok: true, text: "" };

/** Forwards one API request; never rejects (a failure of its own cuts the app's answer). */
export function createForwarding(parts: ForwardingParts) {
  const { deployment, client, reference, tokens, tally, core } = parts;
  const { journal, baseHeaders } = core;
  const jsonHeaders = { "content-type": "application/json", ...baseHeaders };
  // The engine's route and bearer rule: the operation and the token, found as the core finds them.
  const route = createRoute(parts.basePath, jsonHeaders);
  const bearerOf = createBearerAuth(() => true);

  /** Files the request's answer in the core's journal, as the core files its own. */
  function file(record: JournalRecord, status: number, body: string, findings?: ShadowFindings) {
    record.shadow = findings;
    noteViolation(record, { status, headers: jsonHeaders, body });
    journal.finish(record, status);
  }

  /** Counts a forward, and notes in the summary what its answer (of `status`) showed. */
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

  /** Why the proxy answers a request carrying `token` itself, if it does. */
  function tokenRefusal(token: string | undefined): string | undefined {
    if (token === undefined) return undefined;
    if (token === parts.adminToken) return ADMIN_TOKEN_REFUSED;
    return isSandboxToken(token) ? SANDBOX_TOKEN_REFUSED : undefined;
  }

  async function forward(
    request: CoreRequest,
    exchange: RawExchange,
    record: JournalRecord,
  ): Promise<void> {
    const local = (answer: CoreAnswer) => {
      file(record, answer.status, answer.body);
      exchange.answer(answer);
    };
    const auth = bearerOf(request.header("authorization"));
    const token = auth.ok ? auth.token : undefined;
    const refused = tokenRefusal(token);
    if (refused !== undefined) {
      return local(
        unauthorizedAnswer({ ok: false, message: refused, invalidToken: true }, jsonHeaders),
      );
    }
    if (token !== undefined) {
      tokens.remember(token);
      record.token = token;
    }
    const { method, path, search } = request;
    const beneath = route.beneath(path);
    // Outside --base-path: the server's own 404, never the deployment's to answer.
    if (beneath === undefined) return local(route.refusal(path, redactWord(method, core.secrets)));
    const withBody = method !== "GET" && method !== "HEAD";
    const body = withBody ? await request.readBody(parts.maxBodyBytes) : NO_BODY;
    if (!body.ok) {
      // Too large or not UTF-8: answered here as the reference server would, not forwarded.
      if (body.reason === "client-gone") return local(noAnswer(jsonHeaders));
      return local(await reference.answer(request, body));
    }
    if (withBody) noteBody(record, body.text);

    const gone = new AbortController();
    const stopListening = request.onClientGone(() => gone.abort());
    const forwarded = { method, target: `${beneath}${search}`, headers: forwardedHeaders(request) };
    const sent = await client.send(
      { ...forwarded, body: withBody ? body.text : undefined },
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
    const { status } = sent.answer;
    const { ending } = passed;
    if (!ending.ok && ending.kind === "ended") {
      exchange.response.destroy();
      return file(record, 0, "");
    }
    if (!ending.ok) {
      // The head is out: no 502 can follow it. The app's connection is cut, and the journal
      // and the summary say why.
      passed.cut();
      const findings = brokenAnswer(`${ending.reason}; the app's connection was cut`);
      tallied(record, "broken", status, findings);
      return file(record, status, "", findings);
    }
    const { operation } = record;
    const { found, bodyText } = await compared(request, body, operation, sent.answer, copy, token);
    tallied(record, "answered", status, found);
    file(record, status, bodyText ?? "", found);
    passed.finish();
  }

  /** The deployment's answer checked against the reference's, its body as `copy` kept it. */
  async function compared(
    request: CoreRequest,
    body: BodyResult,
    operation: PlantStoreOperation | null,
    answer: DeploymentAnswer,
    copy: AnswerCopy,
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

  return (request: CoreRequest, exchange: RawExchange): void => {
    const { method, path, search } = request;
    const record = journal.start(method, path, search, route.operationOf(method, path));
    forward(request, exchange, record).catch(() => {
      // Nothing a deployment sends may take the server down: a failure here cuts the answer.
      exchange.response.destroy();
      if (!record.answered) file(record, 0, "");
    });
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
