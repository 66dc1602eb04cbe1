// The entry's public types. Only types come from @tanstack/query-core (the core every TanStack
// Query adapter re-exports), so the options objects fit React, Vue, Solid, Svelte and Angular
// Query alike and the built entry imports nothing of TanStack at run time.
import type {
  DataTag,
  MutationFunctionContext,
  MutationOptions,
  OmitKeyof,
  QueryObserverOptions,
} from "@tanstack/query-core";
import type { PlantStoreError } from "../client/errors/PlantStoreError.js";
import type { NewPlant, Plant } from "../client/types.js";

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
 * `prefetchQuery`. `queryKey` is tagged with the data and error types, so
 * `queryClient.getQueryData(options.queryKey)` is `Plant[] | undefined`.
 */
export type PlantStoreListPlantsQuery = OmitKeyof<
  QueryObserverOptions<Plant[], PlantStoreQueryError, Plant[], Plant[], PlantStoreListPlantsKey>,
  "queryKey" | "queryFn"
> & {
  queryKey: DataTag<PlantStoreListPlantsKey, Plant[], PlantStoreQueryError>;
  /**
   * Lists the plants through the SDK, passing TanStack's `signal` on (an unmounted component's
   * request is aborted). Callable without a context too, as SWR's fetcher.
   */
  queryFn: (context?: { signal?: AbortSignal | undefined }) => Promise<Plant[]>;
};

/** Mutation options for `useMutation`: variables `NewPlant`, data `Plant`. */
export type PlantStoreCreatePlantMutation = OmitKeyof<
  MutationOptions<Plant, PlantStoreQueryError, NewPlant>,
  "mutationKey" | "mutationFn"
> & {
  mutationKey: PlantStoreCreatePlantKey;
  /** Creates the plant through the SDK, then invalidates this client's lists unless told not to. */
  mutationFn: (plant: NewPlant, context: MutationFunctionContext) => Promise<Plant>;
};

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
