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
  signal: AbortSignal | undefined;
  fetch: (request: Request) => Promise<Response>;
}) => Promise<Sent>;

/**
 * Makes the function that runs one attempt of a call: the token (`sign` puts the SDK's headers
 * on the request, asynchronously when it asks a token function), the request and its body,
 * all within the time limit and the caller's signal. A non-2xx answer becomes a
 * PlantStoreApiError; a 2xx body that is not what the contract promises (`expected`) a
 * PlantStoreError; no answer, or one that broke off mid-body, a PlantStoreConnectionError.
 */
export function createAttempt(
  timeout: number,
  fetchNow: (request: Request) => Promise<Response>,
  sign: (request: Request) => Promise<void> | void,
) {
  // Written with one promise and plain callbacks rather than async/await: every call runs
  // this, and each await or wrapper promise is a measurable share of a call's own cost.
  return <T>(
    method: string,
    send: Send,
    expected: (body: unknown) => body is T,
    callerSignal: AbortSignal | undefined,
  ): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (callerSignal?.aborted) return reject(callerSignal.reason);
      // A plain timer and controller cost half what AbortSignal.timeout() does in Node, and the
      // timer goes as soon as the attempt ends. With neither a time limit nor a caller's signal
      // nothing can abort the attempt, so its Request gets no signal: in Node a Request that
      // follows one costs about a third more (undici registers it with the garbage collector).
      const timer = timeout < Infinity || callerSignal ? new AbortController() : undefined;
      const signal =
        timer && callerSignal ? AbortSignal.any([callerSignal, timer.signal]) : timer?.signal;
      let url = "";
      let stage = 0; // 0: asking the token, 1: request sent, 2: response headers in
      // The Request carries the signal, so a fetch that heeds it cancels the request; the
      // attempt also ends itself at once (the promise settles only once, so whatever the fetch
      // or token function does later is ignored).
      const clock =
        timeout < Infinity
          ? setTimeout(() => {
              const error = new PlantStoreTimeoutError(
                `${method} ${url} timed out (${timeout} ms)${stage ? "" : " waiting for the token"}`,
              );
              timer?.abort(error);
              reject(error);
            }, timeout)
          : undefined;
      if (callerSignal) {
        // This signal is the attempt's own, so the listener goes with it.
        signal?.addEventListener("abort", () => {
          clearTimeout(clock);
          reject(signal?.reason);
        });
      }
      send({
        parseAs: "text",
        signal,
        fetch: async (request) => {
          url = request.url;
          await sign(request);
          // A token that came after the call ended (timed out, aborted) sends nothing.
          signal?.throwIfAborted();
          stage = 1;
          const response = await fetchNow(request);
          stage = 2;
          return response;
        },
      }).then(
        ({ data, error, response }) => {
          clearTimeout(clock);
          if (!response.ok) return reject(new PlantStoreApiError(method, url, response, error));
          let body: unknown;
          try {
            body = JSON.parse(data as string);
          } catch {}
          if (expected(body)) return resolve(body);
          reject(
            new PlantStoreError(
              `${method} ${url} answered ${response.status}, not with JSON plant(s)`,
            ),
          );
        },
        (error: unknown) => {
          clearTimeout(clock);
          reject(
            // The caller's reason, or the PlantStoreTimeoutError the timer aborted with; the
            // token function's own error, or one already ours, as is.
            signal?.aborted
              ? signal.reason
              : !stage || error instanceof PlantStoreError
                ? error
                : new PlantStoreConnectionError(
                    `${method} ${url}: ${stage > 1 ? "the answer broke off" : "no response"}`,
                    { cause: error },
                  ),
          );
        },
      );
    });
}
