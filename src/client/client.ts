import createClient from "openapi-fetch";
import { type Attempt, runAttempt } from "./attempt.js";
import {
  assertNewPlant,
  bearer,
  checkedListLimit,
  readCallOptions,
  readClientOptions,
} from "./checks.js";
import { withRetries } from "./retry.js";
import type {
  Plant,
  PlantStoreCallOptions,
  PlantStoreClient,
  PlantStoreClientOptions,
  paths,
} from "./types.js";

/** This package's version (a test keeps it equal to package.json's). */
export const SDK_VERSION = "1.0.0";

/**
 * The `User-Agent` to send, or `undefined` in a browser. Browsers (windows and workers alike)
 * say `Mozilla/...`; Node, Deno, Bun and edge runtimes say something else or nothing. A browser
 * must not get the header: it is not CORS-safelisted, so it would force a preflight.
 */
export const sdkUserAgent = (
  runtimeUserAgent = globalThis.navigator?.userAgent,
): string | undefined =>
  runtimeUserAgent?.startsWith("Mozilla/") ? undefined : `plant-store-sdk/${SDK_VERSION}`;

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
  const {
    baseUrl,
    token,
    fetch,
    headers,
    timeout,
    limit: retryLimit,
    createPlant,
    maxDelay,
  } = readClientOptions(options);
  // Looked up at each call, not now, so MSW set up after the client still intercepts. Called
  // unbound: a browser's fetch called as a method of another object throws.
  const fetchNow = (request: Request) => (fetch ?? globalThis.fetch)(request);
  const client = createClient<paths>({
    baseUrl,
    fetch: fetchNow,
    headers: {
      // The caller's own User-Agent wins over ours (names in `headers` are lower case).
      "User-Agent": headers["user-agent"] === undefined ? sdkUserAgent() : undefined,
      ...headers,
      Authorization: typeof token === "string" ? bearer(token) : undefined,
    },
  });
  // A token function is asked before every request, by the first middleware, so the users'
  // middleware sees the request as it will be sent.
  if (typeof token === "function") {
    client.use({
      async onRequest({ request }) {
        request.headers.set("Authorization", bearer(await token()));
      },
    });
  }

  /**
   * Checks the call's options, then runs its attempts, retried when the call may be. Called
   * from the async methods, so what it throws rejects their promise.
   */
  const call = <T>(
    callOptions: PlantStoreCallOptions | undefined,
    retryByDefault: boolean,
    attempt: Attempt<T>,
  ): Promise<T> => {
    const { signal, retry } = readCallOptions(callOptions, retryByDefault);
    return withRetries(
      () => runAttempt(attempt, signal, timeout, fetchNow),
      retry ? retryLimit : 0,
      maxDelay,
      signal,
    );
  };

  return {
    baseUrl,
    async listPlants(params, callOptions) {
      // Every attempt sends the limit that was checked, whatever happens to params later.
      const limit = checkedListLimit(params);
      const query = { limit };
      return call(callOptions, true, {
        method: "GET",
        url: `${baseUrl}/plants${limit === undefined ? "" : `?limit=${limit}`}`,
        send: (init) => client.GET("/plants", { params: { query }, ...init }),
        expected: isPlantList,
        expectedName: "a list of plants",
      });
    },
    async createPlant(plant, callOptions) {
      assertNewPlant(plant);
      const { name, tag } = plant;
      return call(callOptions, createPlant, {
        method: "POST",
        url: `${baseUrl}/plants`,
        send: (init) => client.POST("/plants", { body: plant, ...init }),
        expected: isPlant,
        expectedName: "a plant",
        // The contract answers a create with the plant as stored; without a body, the plant
        // as sent is the best answer the caller can have (any 2xx means it was stored).
        withoutBody: tag === undefined ? { name } : { name, tag },
      });
    },
    use: client.use,
    eject: client.eject,
    raw: client,
  };
}

// What the contract promises a 2xx body holds: only what a caller relies on (the types).

/** A Plant: `name` a string, `tag` absent or a string (other fields are let through). */
const isPlant = (value: unknown): value is Plant =>
  typeof (value as Plant | null)?.name === "string" &&
  ((value as Plant).tag === undefined || typeof (value as Plant).tag === "string");

const isPlantList = (value: unknown): value is Plant[] =>
  Array.isArray(value) && value.every(isPlant);
