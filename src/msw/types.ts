// Public types of `plant-store-sdk/msw`.
import type { RequestHandler } from "msw";
import type { PlantStoreRequestJournal } from "../mock/journal.js";
import type { PlantStore, PlantStoreFaults, PlantStoreMockOptions } from "../mock/types.js";

/** Options of {@link createPlantStoreHandlers}: the mock options and where the API lives. */
export interface PlantStoreMswOptions extends PlantStoreMockOptions {
  /** Where the mocked API lives, with any path prefix: "https://api.example.com/v1". */
  baseUrl: string;
  /**
   * `false` (default): only `{baseUrl}/plants` is claimed, every method (so a DELETE still
   * gets the contract's 405); other paths go on to your own handlers and then to
   * `onUnhandledRequest`. `true`: every other path under `baseUrl` gets the contract's 404
   * too, as from the standalone server, and handlers listed after this set never see it.
   */
  answerUnknownPaths?: boolean | undefined;
}

/** The MSW handler set, the store it serves, its faults and its request journal. */
export interface PlantStoreHandlers extends PlantStoreFaults, PlantStoreRequestJournal {
  /** Pass to `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: RequestHandler[];
  store: PlantStore;
}
