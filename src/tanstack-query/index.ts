/**
 * TanStack Query options for the SDK: `createPlantStoreQueries(client, { scope })` gives
 * `listPlants(params)` query options, `createPlant()` mutation options and the keys they use,
 * for any TanStack Query v5 adapter. Types only from `@tanstack/query-core` (an optional peer
 * dependency); nothing of TanStack at run time. Guide: docs/frontend.md.
 *
 * @module plant-store-sdk/tanstack-query
 */
export { createPlantStoreQueries } from "./create-plant-store-queries.js";
export type {
  PlantStoreBaseKey,
  PlantStoreCreatePlantKey,
  PlantStoreCreatePlantMutation,
  PlantStoreCreatePlantOptions,
  PlantStoreKeyOwner,
  PlantStoreListPlantsKey,
  PlantStoreListPlantsQuery,
  PlantStoreMutationContext,
  PlantStorePlantsKey,
  PlantStoreQueries,
  PlantStoreQueriesOptions,
  PlantStoreQueryError,
} from "./types.js";
