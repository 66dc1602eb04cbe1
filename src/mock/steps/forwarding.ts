// A step that answers every API request instead of the contract's rules: the shadow proxy
// (src/shadow/), which forwards it to a deployment. The steps before it still answer the admin
// endpoints, the landing page and CORS preflights; each forwarded request is filed in the
// journal with what the proxy found.
import type { CoreAnswer, CoreRequest } from "../../contract/core-exchange.js";
import type { Route } from "../http/route.js";
import { noteBody, noteViolation, type RequestJournal } from "../journal/journal.js";
import type { ShadowFindings } from "../journal/journal-record.js";
import type { SecretTokens } from "../journal/redaction.js";
import type { RequestStep } from "./core-step.js";

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

interface ForwardingContext {
  journal: RequestJournal;
  route: Route;
  /** The 500 of a step that failed. */
  failed: CoreAnswer;
}

/** Files each request the forwarding step answered in the journal, as any other. */
export function forwardingStep(
  step: ForwardingStep,
  { journal, route, failed }: ForwardingContext,
): RequestStep {
  return async (request) => {
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
  };
}
