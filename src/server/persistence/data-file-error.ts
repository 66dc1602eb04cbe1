import { brand } from "../../contract/brand.js";

/** The data file exists but cannot be used; the server refuses to start rather than lose it. */
export class PlantStoreDataFileError extends Error {}
brand(PlantStoreDataFileError, "PlantStoreDataFileError");
