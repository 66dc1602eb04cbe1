import { brand } from "../../contract/brand.js";

/**
 * The data file (`dataFile`, `--data`) exists but cannot be used: the server refuses to start
 * rather than lose it. Its message names the file and what is wrong with it.
 */
export class PlantStoreDataFileError extends Error {}
brand(PlantStoreDataFileError, "PlantStoreDataFileError");
