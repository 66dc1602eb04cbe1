import { PlantStoreApiError } from "../../../src/client/index.js";

/** What the apps show for a failure: the store's own sentence and status when it answered. */
export function describeError(error: Error): string {
  return error instanceof PlantStoreApiError
    ? `${error.body?.message ?? error.message} (${error.status})`
    : error.message;
}
