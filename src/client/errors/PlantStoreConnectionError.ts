import { brand, PlantStoreError } from "./PlantStoreError.js";

/** No response: the server could not be reached or the connection broke. `cause` says why. */
export class PlantStoreConnectionError extends PlantStoreError {}
brand(PlantStoreConnectionError, "PlantStoreConnectionError");
