import { setupWorker } from "msw/browser";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";

/**
 * Answers every request to `baseUrl` from an in-memory Plant Store inside a service worker,
 * so the page works with no server. Remove this call to talk to a real Plant Store.
 */
export async function startMockPlantStore(baseUrl: string): Promise<void> {
  const { handlers } = createPlantStoreHandlers({ baseUrl });
  // The worker script is copied from msw's package at build time (see vite.config.ts), so it
  // always matches the installed msw version.
  await setupWorker(...handlers).start({ onUnhandledRequest: "bypass", quiet: true });
}
