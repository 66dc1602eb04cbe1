// The core's step for scenarios: a request's scenario is decided on arrival, in one step, so
// nothing set, cleared or reset after it arrived changes its answer, and a request that waits
// (a delay, a hang) can never take a scenario set after it arrived. It answers with what the
// scenario scripted, or passes the request on to the contract's own answer.

import { noAnswer } from "../http/json-answers.js";
import { noteBody } from "../journal/journal.js";
import { redactWord, type SecretTokens } from "../journal/redaction.js";
import type { ApiStep } from "../steps/core-step.js";
import { type ScriptedContext, scriptedAnswer } from "./scripted-answer.js";

export function arrivalDecision(scripted: ScriptedContext, secrets: SecretTokens): ApiStep {
  return async ({ request, token, operation, body, world, record }) => {
    if (body?.kind === "text") noteBody(record, body.text);
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
      return noAnswer(scripted.headers);
    }
    return answer === undefined ? undefined : scriptedAnswer(answer, operation, scripted);
  };
}
