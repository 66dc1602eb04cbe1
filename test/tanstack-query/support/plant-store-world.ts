// The React and Vue apps' tests share one set-up: the package's MSW handlers on a test base
// URL for the whole file, and per test a sandbox, an SDK client in it and a fresh QueryClient
// of the app's own adapter (React's and Vue's are different classes).
import { setupServer } from "msw/node";
import { afterAll, beforeAll } from "vitest";
import { createPlantStoreClient, type PlantStoreClientOptions } from "../../../src/client/index.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import { createPlantStoreQueries } from "../../../src/tanstack-query/index.js";

export const baseUrl = "https://plant-store.test/v1";
export const SEED = [{ name: "Boston fern" }, { name: "Snake plant" }];

/** Serves the handlers while the calling test file runs; `world()` is one test's own. */
export function servePlantStore<QueryClient>(createQueryClient: () => QueryClient) {
  const plantStore = createPlantStoreHandlers({ baseUrl, seed: SEED });
  const server = setupServer(...plantStore.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  /** A sandbox, an SDK client in it (retries on, no backoff waits) and a fresh QueryClient. */
  function world(options: Partial<PlantStoreClientOptions> = {}) {
    const sandbox = plantStore.createSandbox();
    const client = createPlantStoreClient({
      baseUrl,
      token: sandbox.token,
      retries: { maxDelay: 0 },
      ...options,
    });
    return {
      sandbox,
      client,
      queries: createPlantStoreQueries(client),
      queryClient: createQueryClient(),
    };
  }
  return { plantStore, world };
}
