// The SDK's public types. The API's own types all come from the generated file, so a change
// to openapi.yaml reaches users through `npm run generate` and nowhere else.
import type { Client, Middleware } from "openapi-fetch";
import type { components, paths } from "../contract/generated/openapi.js";
import type { Forwardable, NewPlant, Plant, PlantStoreErrorBody } from "../contract/plant-types.js";

export type { components, Forwardable, NewPlant, Plant, PlantStoreErrorBody, paths };

/**
 * A fetch function. It is called with one argument, a `Request` (method, URL, headers, body)
 * whose `signal` aborts when the attempt times out or the caller's signal aborts; the call
 * ends then even if this function ignores the signal. It must take a WHATWG `Request`, as
 * the global fetch of browsers, Node 18+, Deno, Bun and Workers does (node-fetch 3 and the
 * `undici` package's own fetch do not).
 */
export type PlantStoreFetch = (request: Request) => Promise<Response>;
/** A bearer token, or a function giving one (asked before every request, so it can refresh). */
export type PlantStoreToken = string | (() => string | Promise<string>);

/** The full retry settings, given as `retries` in {@link PlantStoreClientOptions}. */
export interface PlantStoreRetryOptions {
  /** How many times a failed call is retried (so `limit + 1` attempts at most). Default 2. */
  limit?: number | undefined;
  /** Retry `createPlant` too. Default `false`: a create that timed out may have landed. */
  createPlant?: boolean | undefined;
  /** The longest wait before a retry in ms, `Retry-After` included. Default 30 000. */
  maxDelay?: number | undefined;
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
  fetch?: PlantStoreFetch | undefined;
  /** Headers added to every request: an object, a `Headers`, or an array of name/value pairs. */
  headers?: HeadersInit | undefined;
  /** Time limit per attempt in ms (the token, the response and its body). Default 30 000; `Infinity` for none. */
  timeout?: number | undefined;
  /** A retry count, or the full retry settings. Default 2 (for `listPlants` only). */
  retries?: number | PlantStoreRetryOptions | undefined;
}

/** Per-call options: the second argument of `listPlants` and `createPlant`. */
export interface PlantStoreCallOptions {
  /** Aborts the call (and any wait before a retry) with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Retry this call on transient failures. Default: yes for list, the client's choice for create. */
  retry?: boolean | undefined;
}

/**
 * The query of `listPlants`, from openapi.yaml: `limit`, an integer from 0 to 2147483647,
 * caps how many plants come back; `limit: 0` gives an empty list; no `limit`, every plant
 * the caller may see.
 */
export type ListPlantsParams = Forwardable<
  NonNullable<paths["/plants"]["get"]["parameters"]["query"]>
>;

/** What {@link createPlantStoreClient} returns: the two API calls and the openapi-fetch client. */
export interface PlantStoreClient {
  /**
   * The API's base URL as the client sends requests to it: origin and path prefix, without a
   * trailing slash (`https://api.example.com/v1`). Never holds credentials.
   */
  readonly baseUrl: string;
  /** The plants the caller may see, oldest first; `limit` caps how many (`0`: none). */
  listPlants(params?: ListPlantsParams, options?: PlantStoreCallOptions): Promise<Plant[]>;
  /**
   * Adds a plant; resolves to the plant as stored. Any 2xx is a success: an answer without a
   * body (such as 204) resolves to the plant as sent (its `name` and `tag`).
   */
  createPlant(plant: Forwardable<NewPlant>, options?: PlantStoreCallOptions): Promise<Plant>;
  /**
   * Adds openapi-fetch middleware (`onRequest`, `onResponse`, `onError`), run on every
   * attempt of every call, retries included, and on `raw`'s calls: the same as `raw.use()`.
   * It runs after the SDK has put the token and its headers on the request.
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with {@link PlantStoreClient.use}. */
  eject(...middleware: Middleware[]): void;
  /**
   * The openapi-fetch client that `listPlants` and `createPlant` run on, with the base URL,
   * headers, token and middleware applied; for requests of your own. Its calls have no
   * time limit or retries of the SDK.
   */
  raw: Client<paths>;
}
