import type { FetchResponse } from "openapi-fetch";
import { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
import { connectionFailure } from "./errors/PlantStoreConnectionError.js";
import { PlantStoreError } from "./errors/PlantStoreError.js";
import { PlantStoreTimeoutError } from "./errors/PlantStoreTimeoutError.js";
import type { PlantStoreFetch } from "./types.js";

/** What an attempt hands the openapi-fetch call it makes. */
export interface SendInit {
  parseAs: "text";
  signal: AbortSignal | undefined;
  fetch: PlantStoreFetch;
}

/** One openapi-fetch call (`client.GET(...)`), with the init an attempt supplies. */
// biome-ignore lint/suspicious/noExplicitAny: any operation of the contract, read as text
export type Send = (init: SendInit) => Promise<FetchResponse<any, { parseAs: "text" }, any>>;

/** One attempt of a call: what to send, and what its 2xx body must be. */
export interface Attempt<T> {
  method: string;
  /** The URL the request goes to, as messages name it. */
  url: string;
  send: Send;
  /** What the contract promises a 2xx body holds. */
  expected: (body: unknown) => body is T;
  /** The same in words, for the message when a body breaks it: "a plant". */
  expectedName: string;
  /** What a 2xx answer without a body means, when it means anything. */
  withoutBody?: T | undefined;
}

/**
 * Runs one attempt: the token and the middleware, the request, the response and its body, all
 * within the time limit and the caller's signal. A non-2xx answer becomes a
 * PlantStoreApiError; a 2xx body that is not what the contract promises a PlantStoreError; no
 * answer, or one that broke off mid-body, a PlantStoreConnectionError.
 */
export async function runAttempt<T>(
  { method, url, send, expected, expectedName, withoutBody }: Attempt<T>,
  callerSignal: AbortSignal | undefined,
  timeout: number,
  fetchNow: PlantStoreFetch,
): Promise<T> {
  callerSignal?.throwIfAborted();
  let stage: "preparing" | "sent" | "answered" = "preparing";
  // With neither a time limit nor a caller's signal nothing can end the attempt, and its
  // Request goes without a signal.
  const controller = timeout < Infinity || callerSignal ? new AbortController() : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  // Called by openapi-fetch after the middleware, the SDK's token included, has run.
  const fetchOnce = async (request: Request) => {
    // A token that came after the attempt ended (timed out, aborted) sends nothing.
    controller?.signal.throwIfAborted();
    stage = "sent";
    const response = await fetchNow(request);
    stage = "answered";
    return response;
  };
  // Settles with the call, or rejects as the attempt ends (time limit, caller's abort). The
  // Request carries the controller's signal, so a fetch that heeds it cancels the request;
  // rejecting here as well ends the attempt even when the fetch (or a token function) ignores
  // it. One promise, not a race of two: this runs on every call.
  const answered = new Promise<Awaited<ReturnType<Send>>>((resolve, reject) => {
    const end = (reason: unknown) => {
      controller?.abort(reason);
      reject(reason);
    };
    if (timeout < Infinity) {
      timer = setTimeout(() => {
        const waiting = stage === "preparing" ? " waiting for the token" : "";
        end(new PlantStoreTimeoutError(`${method} ${url} timed out (${timeout} ms)${waiting}`));
      }, timeout);
    }
    if (callerSignal) unsubscribe = whenAborted(callerSignal, () => end(callerSignal.reason));
    send({ parseAs: "text", signal: controller?.signal, fetch: fetchOnce }).then(resolve, reject);
  });
  try {
    const { data, error, response } = await answered;
    if (!response.ok) throw new PlantStoreApiError(method, url, response, error);
    if (!data && withoutBody !== undefined) return withoutBody;
    const body = parseJson(data);
    if (expected(body)) return body;
    const broken = body === undefined ? "the body is not JSON" : `the JSON is not ${expectedName}`;
    throw new PlantStoreError(
      `${method} ${url} answered ${response.status}, breaking the contract: ${broken}`,
    );
  } catch (error) {
    // The caller's reason, or the PlantStoreTimeoutError the timer ended the attempt with.
    if (controller?.signal.aborted) throw controller.signal.reason;
    // An error of the token function or a middleware, or one already ours, as is.
    if (stage === "preparing" || error instanceof PlantStoreError) throw error;
    if (stage === "sent" && refusedTheRequest(error)) {
      throw new TypeError(
        "The fetch given as the fetch option did not accept a Request: pass a WHATWG fetch that does, such as the global fetch of Node 18+, browsers, Deno or Bun (not node-fetch or the undici package's fetch)",
        { cause: error },
      );
    }
    throw connectionFailure(
      method,
      url,
      stage === "sent" ? "no response" : "the answer broke off",
      error,
    );
  } finally {
    clearTimeout(timer);
    unsubscribe?.();
  }
}

const parseJson = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text as string);
  } catch {
    return undefined;
  }
};

/**
 * A fetch written for its own Request class (node-fetch 2 and 3, the `undici` package) reads a
 * WHATWG Request it does not know as a URL string, "[object Request]", and throws the
 * TypeError of a URL parser: never a network failure, and never better on a retry. node-fetch
 * 2 says only that the URL is not absolute, which the SDK's URLs always are.
 */
const refusedTheRequest = (error: unknown): boolean =>
  error instanceof TypeError &&
  /\[object Request\]|Only absolute URLs are supported/.test(
    `${error.message} ${(error as { input?: unknown }).input}`,
  );

// Calls that share one long-lived signal (an app-wide one, say) must not each leave a
// listener on it: the listeners would pile up (Node warns past 10 with
// MaxListenersExceededWarning) and keep every finished call's closures alive. So each signal
// gets a single listener of ours, and calls subscribe to it and unsubscribe when they end.

const subscribers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Runs `onAbort` when `signal` aborts (the caller checks `signal.aborted` first); returns the
 * function that unsubscribes it, to call when the work it guards ends.
 */
export function whenAborted(signal: AbortSignal, onAbort: () => void): () => void {
  let set = subscribers.get(signal);
  if (!set) {
    const created = new Set<() => void>();
    signal.addEventListener("abort", () => {
      for (const subscriber of created) subscriber();
      created.clear();
    });
    subscribers.set(signal, created);
    set = created;
  }
  set.add(onAbort);
  return () => set.delete(onAbort);
}
