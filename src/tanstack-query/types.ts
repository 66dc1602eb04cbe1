// The entry's public types. The options objects are declared with the fields they hold and no
// more: each adapter (React, Vue, Solid, Svelte, Angular) types its options its own way (Vue
// wraps each field in a ref), and a plain object with these fields fits them all. Only
// `DataTag` comes from @tanstack/query-core, as a type: nothing of TanStack at run time.
import type { DataTag } from "@tanstack/query-core";
import type { PlantStoreError } from "../client/errors/PlantStoreError.js";
import type { NewPlant, Plant } from "../contract/plant-types.js";

/** Options of {@link createPlantStoreQueries}. */
export interface PlantStoreQueriesOptions {
  /**
   * What the keys name the caller by: a non-empty string the app chooses, such as a user id,
   * the same on the server and in the browser (so server-rendered data hydrates). Never a
   * token: keys show up in devtools and persisted caches. Default: an identity of the client
   * object, so two clients never share cached plants.
   */
  scope?: string | undefined;
}

/** Options of {@link PlantStoreQueries.createPlant}. */
export interface PlantStoreCreatePlantOptions {
  /** Invalidate this client's plant lists after a successful create. Default `true`. */
  invalidate?: boolean | undefined;
}

/**
 * What a failed query or mutation holds: one of the SDK's errors (`PlantStoreApiError` with its
 * `status`, `PlantStoreConnectionError`, `PlantStoreTimeoutError`, `PlantStoreError`), or a
 * `TypeError` for a mistake in the app's setup (a token function giving a malformed token, a
 * `fetch` that does not take a `Request`, a plant without a `name`).
 */
export type PlantStoreQueryError = PlantStoreError | TypeError;

/**
 * Who a key belongs to: `{ scope }` when the app gave one, `{ client }` (an identity of the
 * client object, valid in this page or process only) otherwise.
 */
export type PlantStoreKeyOwner = { scope: string } | { client: string };

/** The key every query and mutation of one client starts with: the package, the base URL, the owner. */
export type PlantStoreBaseKey = readonly ["plant-store-sdk", string, PlantStoreKeyOwner];
/** The key every plant list of one client starts with (for `invalidateQueries`). */
export type PlantStorePlantsKey = readonly [...PlantStoreBaseKey, "plants"];
/** The key of one plant list: its `limit` in the last element (`{}` for none). */
export type PlantStoreListPlantsKey = readonly [...PlantStorePlantsKey, { limit?: number }];
/** The key of the create mutation (for `useMutationState`, `isMutating`). */
export type PlantStoreCreatePlantKey = readonly [...PlantStoreBaseKey, "createPlant"];

/**
 * Query options for one plant list, for `useQuery`, `useSuspenseQuery`, `fetchQuery` and
 * `prefetchQuery` (spread them to add options of your own). `queryKey` is tagged with the data
 * and error types, so `queryClient.getQueryData(options.queryKey)` is `Plant[] | undefined`.
 */
export interface PlantStoreListPlantsQuery {
  queryKey: DataTag<PlantStoreListPlantsKey, Plant[], PlantStoreQueryError>;
  /**
   * Lists the plants through the SDK, handing it TanStack's `signal` (an unmounted component's
   * request is aborted). Callable without a context too, as SWR's fetcher.
   */
  queryFn: (context?: { signal?: AbortSignal | undefined }) => Promise<Plant[]>;
  /** Off: the SDK retries what may succeed later (docs/sdk.md#retries), once. */
  retry: false;
  /**
   * Not set: add your own (`{ ...queries.listPlants(), throwOnError: true }`). Declared so that
   * `useQuery` types the error as {@link PlantStoreQueryError}.
   */
  throwOnError?: boolean | ((error: PlantStoreQueryError, ...rest: unknown[]) => boolean);
  /**
   * Not set (the SDK waits between its own retries). Declared, like `throwOnError`, for the
   * error type: TanStack reads it from whichever of the two the app's spread leaves in place.
   */
  retryDelay?: (failureCount: number, error: PlantStoreQueryError) => number;
}

/**
 * The part of TanStack's mutation context that `createPlant()` uses: the `QueryClient` the
 * mutation runs in, to invalidate the lists. Declared by shape, so every adapter's context fits.
 */
export interface PlantStoreMutationContext {
  /** The mutation's `QueryClient`. */
  client: {
    /** Marks the queries the key starts stale, and refetches the ones on screen. */
    invalidateQueries(filters: { queryKey: PlantStorePlantsKey }): Promise<unknown>;
  };
}

/** Mutation options for `useMutation`: variables `NewPlant`, data `Plant`, error {@link PlantStoreQueryError}. */
export interface PlantStoreCreatePlantMutation {
  mutationKey: PlantStoreCreatePlantKey;
  /** Creates the plant through the SDK, then (unless told not to) invalidates this client's lists. */
  mutationFn: (plant: NewPlant, context: PlantStoreMutationContext) => Promise<Plant>;
  /** Off: the SDK retries a create only when the client asks it to (`retries.createPlant`). */
  retry: false;
  /**
   * Not set: add your own (`{ ...queries.createPlant(), onError }`). Declared so that
   * `useMutation` types the error as {@link PlantStoreQueryError}.
   */
  onError?: (error: PlantStoreQueryError, ...rest: unknown[]) => unknown;
  /** Not set: add your own. Declared for the error type, as `onError` is. */
  throwOnError?: boolean | ((error: PlantStoreQueryError) => boolean);
  /**
   * Not set (a create is retried only when the client asks). Declared for the error type too:
   * TanStack reads it from whichever of these three the app's spread leaves in place.
   */
  retryDelay?: (failureCount: number, error: PlantStoreQueryError) => number;
}

/** What {@link createPlantStoreQueries} returns: options builders and keys, all for one client. */
export interface PlantStoreQueries {
  /** Query options for `client.listPlants(params)`; `params` is checked here, as the SDK checks it. */
  listPlants(params?: { limit?: number | undefined }): PlantStoreListPlantsQuery;
  /** Mutation options for `client.createPlant(plant)`. */
  createPlant(options?: PlantStoreCreatePlantOptions): PlantStoreCreatePlantMutation;
  /** The keys to match this client's queries with (`invalidateQueries`, `removeQueries`, ...). */
  keys: {
    /** Every query and mutation of this client. */
    all: PlantStoreBaseKey;
    /** Every plant list of this client, whatever its `limit`. */
    plants: PlantStorePlantsKey;
  };
}
