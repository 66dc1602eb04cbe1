import createClient, { type Client } from "openapi-fetch";
import { PlantStoreApiError } from "./errors/PlantStoreApiError.js";
import { PlantStoreConnectionError } from "./errors/PlantStoreConnectionError.js";
import { PlantStoreError } from "./errors/PlantStoreError.js";
import { PlantStoreTimeoutError } from "./errors/PlantStoreTimeoutError.js";
import { withRetries } from "./retry.js";
import type { NewPlant, Plant, paths } from "./types.js";
import { sdkUserAgent } from "./user-agent.js";
import { assertListParams, assertNewPlant } from "./validate-arguments.js";

/** A fetch function, always called with a Request; listPlants and createPlant add an init with the attempt's signal. */
export type PlantStoreFetch = (input: Request, init?: RequestInit) => Promise<Response>;
/** A bearer token, or a function giving one (asked before every request, so it can refresh). */
export type PlantStoreToken = string | (() => string | Promise<string>);

/** The full retry settings, given as `retries` in {@link PlantStoreClientOptions}. */
export interface PlantStoreRetryOptions {
  /** How many times a failed call is retried (so `limit + 1` attempts at most). Default 2. */
  limit?: number;
  /** Retry `createPlant` too. Default `false`: a create that timed out may have landed. */
  createPlant?: boolean;
  /** The longest wait before a retry in ms, `Retry-After` included. Default 30 000. */
  maxDelay?: number;
}

/** Options of {@link createPlantStoreClient}: where the API is and how to call it. */
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

/** Per-call options: the second argument of `listPlants` and `createPlant`. */
export interface PlantStoreCallOptions {
  /** Aborts the call (and any wait before a retry) with the signal's reason. */
  signal?: AbortSignal;
  /** Retry this call on transient failures. Default: yes for list, the client's choice for create. */
  retry?: boolean;
}

/** The query of `listPlants`, from openapi.yaml: `limit`, an integer from 0 to 2147483647. */
export type ListPlantsParams = NonNullable<paths["/plants"]["get"]["parameters"]["query"]>;

/** What {@link createPlantStoreClient} returns: the two API calls and the raw client. */
export interface PlantStoreClient {
  /** The plants the caller may see, oldest first; `limit` caps how many. */
  listPlants(params?: ListPlantsParams, options?: PlantStoreCallOptions): Promise<Plant[]>;
  /** Adds a plant; resolves to the plant as stored. Any 2xx is a success. */
  createPlant(plant: NewPlant, options?: PlantStoreCallOptions): Promise<Plant>;
  /** The underlying openapi-fetch client, with the base URL, headers and token applied. */
  raw: Client<paths>;
}

/**
 * Creates a client for the Plant Store API. How calls fail (the error classes), retry and
 * time out is in docs/sdk.md.
 *
 * @example
 * ```ts
 * const client = createPlantStoreClient({ baseUrl: "https://api.example.com/v1", token: "t" });
 * const plants = await client.listPlants({ limit: 10 });
 * ```
 */
export function createPlantStoreClient(options: PlantStoreClientOptions): PlantStoreClient {
  const { token, timeout = 30_000, retries } = options;
  const {
    limit = 2,
    createPlant: retryCreate = false,
    maxDelay = 30_000,
  } = typeof retries === "number" ? { limit: retries } : (retries ?? {});
  // Looked up at each call, not now, so MSW set up after the client still intercepts. Called
  // unbound: a browser's fetch called as a method of another object throws.
  const fetchNow: PlantStoreFetch = (request, init) =>
    (options.fetch ?? globalThis.fetch)(request, init);
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: {
      "User-Agent": sdkUserAgent(),
      ...options.headers,
      Authorization: typeof token === "string" ? `Bearer ${token}` : undefined,
    },
    fetch: fetchNow,
  });
  // A token function is asked before every request (raw ones too), so it can refresh the token.
  if (typeof token !== "string") {
    raw.use({
      async onRequest({ request }) {
        request.headers.set("Authorization", `Bearer ${await token()}`);
      },
    });
  }

  // One attempt, with its own timeout. A non-2xx answer becomes a PlantStoreApiError; a 2xx
  // body that is not what the contract promises (an array for GET, a plant for POST) a
  // PlantStoreError; no answer, or one that broke off mid-body, a PlantStoreConnectionError.
  async function attempt(
    method: string,
    call: (init: {
      baseUrl: string;
      parseAs: "text";
      fetch: (request: Request) => Promise<Response>;
    }) => Promise<{ data?: string; error?: unknown; response: Response }>,
    callerSignal: AbortSignal | undefined,
  ): Promise<unknown> {
    callerSignal?.throwIfAborted();
    // A plain timer and controller cost half what AbortSignal.timeout() does in Node, and the
    // timer goes as soon as the attempt ends. Past what setTimeout can hold means no timeout.
    const timer = new AbortController();
    const clock = timeout < 2 ** 31 ? setTimeout(() => timer.abort(), timeout) : undefined;
    const signal = callerSignal ? AbortSignal.any([callerSignal, timer.signal]) : timer.signal;
    let url: string | undefined;
    let answered = false;
    try {
      const { data, error, response } = await call({
        // openapi-fetch before 0.13.8 keeps a per-request baseUrl for every later request, so
        // one raw call given another base URL would redirect ours; giving ours each time stops it.
        baseUrl: options.baseUrl,
        parseAs: "text",
        fetch: async (request) => {
          url = request.url;
          const response = await fetchNow(request, { signal });
          answered = true;
          return response;
        },
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
      // Nothing sent yet (a bad base URL, a failing token function), or already ours: as is.
      if (!url || error instanceof PlantStoreError) throw error;
      throw new PlantStoreConnectionError(
        `${method} ${url}: ${answered ? "the answer broke off" : "no response"}`,
        { cause: error },
      );
    } finally {
      clearTimeout(clock);
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
            (init) => raw.GET("/plants", { params: { query: params }, ...init }),
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
        () => attempt("POST", (init) => raw.POST("/plants", { body: plant, ...init }), signal),
        retry ? limit : 0,
        maxDelay,
        signal,
      ) as Promise<Plant>;
    },
  };
}
