/**
 * The reference server as MSW handlers (msw is an optional peer; only this entry imports
 * it). The store, the fetch handler and their types are in `plant-store-sdk/mock`. Guide:
 * docs/msw.md.
 *
 * @module plant-store-sdk/msw
 */
export {
  createPlantStoreHandlers,
  type PlantStoreHandlers,
  type PlantStoreMswOptions,
} from "./handlers.js";
