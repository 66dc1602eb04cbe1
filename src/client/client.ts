import createClient, { type Client } from "openapi-fetch";
import { createAttempt, type Send } from "./attempt.js";
import { bearer } from "./bearer-token.js";
import { readClientOptions } from "./client-options.js";
import { isPlant, isPlantList } from "./plant-shape.js";
import { withRetries } from "./retry.js";
import type { NewPlant, Plant, paths } from "./types.js";
import { sdkUserAgent } from "./user-agent.js";
import { assertCallOptions, assertNewPlant, checkedListLimit } from "./validate-arguments.js";

/**
 * A fetch function. It is called with one argument, a `Request` (method, URL, headers, body)
 * whose `signal` aborts when the attempt times out or the caller's signal aborts; the call
 * ends then even if this function ignores the signal.
 */
export type PlantStoreFetch = (request: Request) => Promise<Response>;
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
  /** The API's absolute http(s) URL; may carry a path prefix, such as `https://api.example.com/v1`. */
  baseUrl: string;
  /** The bearer token, or a function giving it; asked before every request. */
  token: PlantStoreToken;
  /**
   * The fetch to use, called with one `Request` that carries the attempt's signal. Default:
   * `globalThis.fetch`, looked up at each call.
   */
  fetch?: PlantStoreFetch;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** Time limit per attempt in ms (the token, the response and its body). Default 30 000; `Infinity` for none. */
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
  /**
   * The underlying openapi-fetch client, with the base URL, headers and token applied. Its
   * middleware (`raw.use()`) applies to its own calls only, not to `listPlants`/`createPlant`.
   */
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
  const { baseUrl, token, fetch, headers, timeout, limit, createPlant, maxDelay } =
    readClientOptions(options);
  // Looked up at each call, not now, so MSW set up after the client still intercepts. Called
  // unbound: a browser's fetch called as a method of another object throws.
  const fetchNow = (request: Request) => (fetch ?? globalThis.fetch)(request);
  // The caller's own User-Agent wins over ours (header names in `headers` are lower case).
  const userAgent = headers["user-agent"] === undefined ? sdkUserAgent() : undefined;
  const authorization = typeof token === "string" ? bearer(token) : undefined;
  /** Puts the SDK's own headers on a request; a token function makes it async. */
  const sign =
    typeof token === "string"
      ? (request: Request) => {
          if (userAgent) request.headers.set("User-Agent", userAgent);
          request.headers.set("Authorization", authorization as string);
        }
      : async (request: Request) => {
          if (userAgent) request.headers.set("User-Agent", userAgent);
          request.headers.set("Authorization", bearer(await token()));
        };
  // raw takes the SDK's headers as openapi-fetch defaults, so its users see them in the usual
  // place; a token function is asked by middleware before every request.
  const raw = createClient<paths>({
    baseUrl,
    headers: { "User-Agent": userAgent, ...headers, Authorization: authorization },
    fetch: fetchNow,
  });
  if (!authorization) raw.use({ onRequest: ({ request }) => sign(request) });
  // listPlants and createPlant use a client of their own, tuned for what runs on every call:
  // - the SDK's headers are set on the Request once each, inside the attempt (so the time limit
  //   covers a token function); as openapi-fetch defaults each would be validated and copied
  //   two or three times per call;
  // - their only query parameter, `limit` (checked to be an integer), needs none of the
  //   general query serializer's work.
  const client = createClient<paths>({
    baseUrl,
    headers,
    fetch: fetchNow,
    querySerializer: (query) => {
      const { limit } = query as ListPlantsParams;
      return limit === undefined ? "" : `limit=${limit}`;
    },
  });
  const attempt = createAttempt(timeout, fetchNow, sign);
  // Returns the attempts' own promise rather than wrapping it in an async function: every call
  // runs this, and each extra promise is a measurable share of what the SDK adds to a call.
  // `prepare` checks the arguments and gives the request to send; an argument that can never
  // work rejects the returned promise, as from an async function, and is never thrown.
  const call = <T>(
    callOptions: PlantStoreCallOptions | undefined,
    retryByDefault: boolean,
    method: string,
    expected: (body: unknown) => body is T,
    prepare: () => Send,
  ): Promise<T> => {
    try {
      const send = prepare();
      const { signal, retry = retryByDefault } = Object(callOptions) as PlantStoreCallOptions;
      assertCallOptions(signal, retry);
      return withRetries(
        () => attempt(method, send, expected, signal),
        retry ? limit : 0,
        maxDelay,
        signal,
      );
    } catch (error) {
      return Promise.reject(error);
    }
  };

  return {
    raw,
    listPlants(params, callOptions) {
      return call(callOptions, true, "GET", isPlantList, () => {
        // Every attempt sends the limit that was checked, whatever happens to params later.
        const query = { limit: checkedListLimit(params) };
        return (init) => client.GET("/plants", { params: { query }, ...init });
      });
    },
    createPlant(plant, callOptions) {
      return call(callOptions, createPlant, "POST", isPlant, () => {
        assertNewPlant(plant);
        return (init) => client.POST("/plants", { body: plant, ...init });
      });
    },
  };
}
