// Answers a test scripts instead of the contract's rules: the shapes a scenario queues (an
// Error body, a respondNext answer, a break), the answer the core sends for one, and the
// request's own `Prefer: code=N` (Prism's convention: the Error body with status N, when the
// operation may answer N).

import type { CoreAnswer, HeaderRecord } from "../../contract/core-exchange.js";
import type { PlantStoreOperation, ScriptedBy } from "../../contract/journal-entries.js";
import { allowedResponse } from "../../contract/response-schema.js";
import { WWW_AUTHENTICATE_INVALID } from "../http/bearer-auth.js";
import { errorBody } from "../http/json-answers.js";
import { ALLOW } from "../http/route.js";
import type { BreakKind } from "./break-kinds.js";
import { brokenAnswer } from "./breaks.js";

/** An answer waiting in an operation's queue, body already serialised. */
export interface ScriptedAnswer {
  by: ScriptedBy;
  status: number;
  body: string;
  /** By lower-case name, so they replace the answer's own headers of the same name. */
  headers: HeaderRecord;
  /**
   * Set when the test's own code failed to script an answer the contract allows (a
   * respondWith answer openapi.yaml forbids, a function that threw): the 500's message,
   * which the journal lists as `scriptProblem`.
   */
  problem?: string;
}

/** A call breakNext (or chaos) breaks, in the same queue as the other scripted answers. */
export interface PendingBreak {
  by: "breakNext" | "chaos";
  break: BreakKind;
}

/** What the next call of an operation answers instead of the contract's own answer. */
export type PendingAnswer = ScriptedAnswer | PendingBreak;

/** What a scripted answer's status implies: the context its core answer is built in. */
export interface ScriptedContext {
  /** The API's JSON headers (CORS included). */
  headers: HeaderRecord;
  /** The 2xx a broken create's body comes with. */
  createStatus: 200 | 201;
}

/**
 * The answer a scenario scripted for a call of `operation`, as the core sends it: a break
 * (broken-answers.ts), or the status, body and headers set, with the headers the contract
 * gives every answer of that status: a 401 without its challenge or a 405 without `Allow` is
 * an answer the real service never sends. The request's token was accepted, so a scripted 401
 * says it was not (`invalid_token`); the test's own headers win.
 */
export function scriptedAnswer(
  answer: PendingAnswer,
  operation: PlantStoreOperation,
  context: ScriptedContext,
): CoreAnswer {
  if ("break" in answer) return brokenAnswer(answer.break, operation, context);
  const implied: HeaderRecord =
    answer.status === 401
      ? { "www-authenticate": WWW_AUTHENTICATE_INVALID }
      : answer.status === 405
        ? ALLOW
        : {};
  const headers = { ...context.headers, ...implied, ...answer.headers };
  return { status: answer.status, headers, body: answer.body };
}

/** The Error body `failNext`, Prefer and chaos answer with; by default its message says who made it. */
export function errorPending(
  by: ScriptedBy,
  operation: PlantStoreOperation,
  status: number,
  message = `${operation} failed with status ${status} (simulated by ${by}).`,
  headers: HeaderRecord = {},
): ScriptedAnswer {
  return { by, status, body: errorBody(status, message), headers };
}

/**
 * What a request gets when the test's code failed to script its answer: a 500 whose Error body
 * names the problem, never the answer the test wrote, so the app cannot pass on it.
 */
export function scriptProblem(by: ScriptedBy, message: string): ScriptedAnswer {
  return { by, status: 500, body: errorBody(500, message), headers: {}, problem: message };
}

// RFC 7240 allows whitespace around "=" (`code = 503`).
const PREFER_CODE = /(?:^|[,;]\s*)code\s*=\s*"?(\d{3})"?(?=\s*(?:[,;]|$))/i;

/**
 * The answer a request's `Prefer: code=N` asks for: the Error body with status N when N is a
 * 4xx/5xx `operation` may answer; `undefined` (answered as usual) for any other value.
 */
export function preferredAnswer(
  operation: PlantStoreOperation,
  prefer: string | null,
): ScriptedAnswer | undefined {
  if (prefer === null) return undefined;
  const code = PREFER_CODE.exec(prefer)?.[1];
  if (code === undefined) return undefined;
  const status = Number(code);
  if (status < 400 || allowedResponse(operation, status) === undefined) return undefined;
  const message = `${operation} answered ${status} because the request asked for it (Prefer: code=${status}).`;
  return errorPending("prefer", operation, status, message);
}
