import { brand } from "../../contract/brand.js";

/**
 * The base of every error this SDK throws (a `TypeError`/`RangeError` for a bad argument
 * aside). `error instanceof PlantStoreApiError` (or any class here) holds for errors made by
 * another copy of this package too: an app that loads both the ESM and the CJS build gets one
 * answer.
 */
export class PlantStoreError extends Error {}
brand(PlantStoreError, "PlantStoreError");
