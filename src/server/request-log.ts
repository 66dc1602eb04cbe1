import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { redactTarget, redactWord, type SecretTokens } from "../mock/journal/redaction.js";
import type { PlantStoreServerLog } from "./server-options.js";

const MAX_PATH_LENGTH = 200;

/** Statuses answered outside the normal response path (client-error.ts), by response. */
export type RawAnswers = WeakMap<ServerResponse, number>;

/**
 * One line per request once its connection is done with it: `POST /plants 201 2.3 ms`.
 * Only the method, path and query go in (never a header), with any token in them redacted
 * (`tokens`: the API and admin tokens, and every sandbox's).
 */
export function requestLogger(
  log: PlantStoreServerLog,
  raw: RawAnswers,
  tokens: SecretTokens,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const started = performance.now();
    response.once("close", () => {
      const ms = (performance.now() - started).toFixed(1);
      const path = redactTarget(request.url ?? "", tokens);
      const what = `${redactWord(request.method ?? "", tokens)} ${shorten(path)}`;
      const rawStatus = raw.get(response);
      if (response.writableFinished) log(`${what} ${response.statusCode} ${ms} ms`, "request");
      else if (rawStatus !== undefined) log(`${what} ${rawStatus} ${ms} ms`, "request");
      else log(`${what} - ${ms} ms (connection closed before the answer was complete)`, "request");
    });
  };
}

function shorten(path: string): string {
  return path.length <= MAX_PATH_LENGTH ? path : `${path.slice(0, MAX_PATH_LENGTH)}…`;
}
