/** The base of every error this SDK throws (a `TypeError` for a bad argument aside). */
export class PlantStoreError extends Error {
  override name = "PlantStoreError";
}
