import createClient, { type Client } from "openapi-fetch";
import { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
import { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";
import { PlantStoreError } from "./errors/PlantStoreError.js";
import { PlantStoreTimeoutError } from "./errors/PlantStoreTimeoutError.js";
import { withRetries } from "./retry.js";
import { startTimeout } from "./timeout.js";
import { createTransport, type PlantStoreFetch, type PlantStoreToken } from "./transport.js";
import type { NewPlant, Plant, paths } from "./types.js";
import { sdkUserAgent } from "./user-agent.js";
import { assertListParams, assertNewPlant } from "./validate-arguments.js";

export interface PlantStoreRetryOptions {
  /** How many times a failed call is retried (so `limit + 1` attempts at most). Default 2. */
  limit?: number;
  /** Retry `createPlant` too. Default `false`: a create that timed out may have landed. */
  createPlant?: boolean;
  /** The longest wait before a retry in ms, `Retry-After` included. Default 30 000. */
  maxDelay?: number;
}

export interface PlantStoreClientOptions {
  /** The API's base URL; may carry a path prefix, such as `https://api.example.com/v1`. */
  baseUrl: string;
  /** The bearer token, or a function giving it; asked before every request. */
  token: PlantStoreToken;
  /** The fetch to use. Default: `globalThis.fetch`, looked up at each call. */
  fetch?: PlantStoreFetch;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** Time limit per attempt in ms. Default 30 000; `Infinity` for none. */
  timeout?: number;
  /** A retry count, or the full retry settings. Default 2 (for `listPlants` only). */
  retries?: number | PlantStoreRetryOptions;
}

export interface PlantStoreCallOptions {
  /** Aborts the call (and any wait before a retry) with the signal's reason. */
  signal?: AbortSignal;
  /** Retry this call on transient failures. Default: yes for list, the client's choice for create. */
  retry?: boolean;
}

export type ListPlantsParams = NonNullable<paths["/plants"]["get"]["parameters"]["query"]>;

export interface PlantStoreClient {
  /** The plants the caller may see, oldest first; `limit` caps how many. */
  listPlants(params?: ListPlantsParams, options?: PlantStoreCallOptions): Promise<Plant[]>;
  /** Adds a plant; resolves to the plant as stored. Any 2xx is a success. */
  createPlant(plant: NewPlant, options?: PlantStoreCallOptions): Promise<Plant>;
  /** The underlying openapi-fetch client, with the base URL, headers and token applied. */
  raw: Client<paths>;
}

export function createPlantStoreClient(options: PlantStoreClientOptions): PlantStoreClient {
  const { baseUrl, token, headers, timeout = 30_000, retries } = options;
  const {
    limit = 2,
    createPlant: retryCreate = false,
    maxDelay = 30_000,
  } = typeof retries === "number" ? { limit: retries } : (retries ?? {});
  const send = createTransport(token, options.fetch);
  const raw = createClient<paths>({
    baseUrl,
    // Set once here, a string token costs nothing per request (a function goes via `send`).
    headers: {
      "User-Agent": sdkUserAgent(),
      ...headers,
      Authorization: typeof token === "string" ? `Bearer ${token}` : undefined,
    },
    fetch: (request) => send(request),
  });

  // One attempt: its own timeout; a non-2xx answer as PlantStoreApiError; a 2xx body that is
  // not what the contract promises (an array for GET, a plant for POST) as PlantStoreError.
  async function attempt(
    method: "GET" | "POST",
    run: (fetch: (request: Request) => Promise<Response>) => Promise<{
      data?: string;
      error?: unknown;
      response: Response;
    }>,
    callerSignal: AbortSignal | undefined,
  ): Promise<unknown> {
    callerSignal?.throwIfAborted();
    const [timer, clear] = startTimeout(timeout);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timer.signal]) : timer.signal;
    let url: string | undefined;
    let answered = false;
    try {
      const { data, error, response } = await run(async (request) => {
        url = request.url;
        const response = await send(request, signal);
        answered = true;
        return response;
      });
      if (!response.ok) throw new PlantStoreApiError(method, url as string, response, error);
      let body: Plant | undefined;
      try {
        body = JSON.parse(data as string);
      } catch {}
      if (method === "GET" ? Array.isArray(body) : typeof body?.name === "string") return body;
      throw new PlantStoreError(
        `${method} ${url} answered ${response.status}, not with JSON plant(s)`,
      );
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (timer.signal.aborted) {
        throw new PlantStoreTimeoutError(`${method} ${url} timed out (${timeout} ms)`);
      }
      // The answer began but its body broke off (a reset mid-body): no usable response, so
      // a connection error like getting none at all, never fetch's bare TypeError.
      if (answered && !(error instanceof PlantStoreError)) {
        throw new PlantStoreConnectionError(`${method} ${url}: the answer broke off`, {
          cause: error,
        });
      }
      throw error;
    } finally {
      clear();
    }
  }

  return {
    raw,
    async listPlants(params, { signal, retry = true } = {}) {
      assertListParams(params);
      return withRetries(
        () =>
          attempt(
            "GET",
            (fetch) => raw.GET("/plants", { params: { query: params }, parseAs: "text", fetch }),
            signal,
          ),
        retry ? limit : 0,
        maxDelay,
        signal,
      ) as Promise<Plant[]>;
    },
    async createPlant(plant, { signal, retry = retryCreate } = {}) {
      assertNewPlant(plant);
      return withRetries(
        () =>
          attempt(
            "POST",
            (fetch) => raw.POST("/plants", { body: plant, parseAs: "text", fetch }),
            signal,
          ),
        retry ? limit : 0,
        maxDelay,
        signal,
      ) as Promise<Plant>;
    },
  };
}
