import { PlantStoreConnectionError } from "./PlantStoreConnectionError.js";
import { brand } from "./PlantStoreError.js";

/** No complete response within the client's `timeout`. A kind of connection error. */
export class PlantStoreTimeoutError extends PlantStoreConnectionError {}
brand(PlantStoreTimeoutError, "PlantStoreTimeoutError");
