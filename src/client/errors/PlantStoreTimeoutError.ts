import { brand } from "../../contract/brand.js";
import { PlantStoreConnectionError } from "./PlantStoreConnectionError.js";

/** No complete response within the client's `timeout`. A kind of connection error. */
export class PlantStoreTimeoutError extends PlantStoreConnectionError {}
brand(PlantStoreTimeoutError, "PlantStoreTimeoutError");
