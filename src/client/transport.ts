import { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";

/** A fetch function; the client always calls it with a Request (and an init with a signal). */
export type PlantStoreFetch = (input: Request, init?: RequestInit) => Promise<Response>;
export type Transport = (request: Request, signal?: AbortSignal) => Promise<Response>;
export type PlantStoreToken = string | (() => string | Promise<string>);

/**
 * Sends one request: asks a token function for the token (every time, so it can refresh it),
 * then fetches. Getting no response becomes a PlantStoreConnectionError; an abort and an error
 * thrown by the token function pass through untouched (nothing was sent).
 */
export const createTransport =
  (token: PlantStoreToken, customFetch?: PlantStoreFetch): Transport =>
  async (request, signal) => {
    // A string token is already among the client's headers; only a function is asked here.
    if (typeof token !== "string") request.headers.set("Authorization", `Bearer ${await token()}`);
    // Looked up now, not when the client was made, so MSW set up later still intercepts.
    // Called unbound: a browser's fetch called as a method of another object throws.
    const fetchNow = customFetch ?? globalThis.fetch;
    try {
      return await fetchNow(request, { signal });
    } catch (cause) {
      if (signal?.aborted || request.signal.aborted) throw cause;
      throw new PlantStoreConnectionError(`${request.method} ${request.url}: no response`, {
        cause,
      });
    }
  };
