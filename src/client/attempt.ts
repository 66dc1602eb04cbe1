import { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
import { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";
import { PlantStoreError } from "./errors/PlantStoreError.js";
import { PlantStoreTimeoutError } from "./errors/PlantStoreTimeoutError.js";

/** What openapi-fetch gives back for a request read as text. */
export interface Sent {
  data?: string;
  error?: unknown;
  response: Response;
}

/** Sends one request through openapi-fetch with the init an attempt supplies. */
export type Send = (init: {
  parseAs: "text";
  signal: AbortSignal;
  fetch: (request: Request) => Promise<Response>;
}) => Promise<Sent>;

/**
 * Makes the function that runs one attempt of a call: the token, the request and its body,
 * all within the time limit and the caller's signal. A non-2xx answer becomes a
 * PlantStoreApiError; a 2xx body that is not what the contract promises (`expected`) a
 * PlantStoreError; no answer, or one that broke off mid-body, a PlantStoreConnectionError.
 */
export function createAttempt(
  timeout: number,
  fetchNow: (request: Request) => Promise<Response>,
  authorize: ((request: Request) => Promise<void>) | undefined,
) {
  return async function attempt<T>(
    method: string,
    send: Send,
    expected: (body: unknown) => body is T,
    callerSignal: AbortSignal | undefined,
  ): Promise<T> {
    callerSignal?.throwIfAborted();
    // A plain timer and controller cost half what AbortSignal.timeout() does in Node, and the
    // timer goes as soon as the attempt ends.
    const timer = new AbortController();
    const signal = callerSignal ? AbortSignal.any([callerSignal, timer.signal]) : timer.signal;
    let url = "";
    let stage = 0; // 0: asking the token, 1: request sent, 2: response headers in
    // Ends the attempt at once, whatever the fetch or the token function is doing.
    let end: (reason: unknown) => void = () => {};
    const clock =
      timeout < Infinity
        ? setTimeout(() => {
            const error = new PlantStoreTimeoutError(
              `${method} ${url} timed out (${timeout} ms)${stage ? "" : " waiting for the token"}`,
            );
            timer.abort(error);
            end(error);
          }, timeout)
        : undefined;
    try {
      const { data, error, response } = await new Promise<Sent>((resolve, reject) => {
        // The Request carries the signal, so a fetch that heeds it cancels the request; the
        // attempt also races it, so the call ends on time whatever the fetch or token does.
        // (The timer ends it directly: a listener on every attempt's signal costs as much
        // again as the rest of the SDK's work in Node.)
        end = reject;
        if (callerSignal) signal.addEventListener("abort", () => reject(signal.reason));
        send({
          parseAs: "text",
          signal,
          fetch: async (request) => {
            url = request.url;
            if (authorize) await authorize(request);
            stage = 1;
            const response = await fetchNow(request);
            stage = 2;
            return response;
          },
        }).then(resolve, reject);
      });
      if (!response.ok) throw new PlantStoreApiError(method, url, response, error);
      let body: unknown;
      try {
        body = JSON.parse(data as string);
      } catch {}
      if (expected(body)) return body;
      throw new PlantStoreError(
        `${method} ${url} answered ${response.status}, not with JSON plant(s)`,
      );
    } catch (error) {
      // The caller's reason, or the PlantStoreTimeoutError the timer aborted with.
      if (signal.aborted) throw signal.reason;
      // The token function's own error, or already ours: as is.
      if (!stage || error instanceof PlantStoreError) throw error;
      throw new PlantStoreConnectionError(
        `${method} ${url}: ${stage > 1 ? "the answer broke off" : "no response"}`,
        { cause: error },
      );
    } finally {
      clearTimeout(clock);
    }
  };
}
