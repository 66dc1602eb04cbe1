// Shared through the global symbol registry, so every copy of this package (its ESM and CJS
// builds, or two installs in one app) reads and writes the same key.
const brandKey = Symbol.for("plant-store-sdk.error");

/**
 * Gives an error class its `name`, and the brand that `instanceof` recognises in every copy of
 * this package. Both go on the prototype, so the name is in place when `Error` captures the
 * stack (a class field would come too late, and the stack would say "Error"). Called after each
 * class rather than in a static block of it: a class that names itself in its own body is
 * renamed by the bundler (`_PlantStoreError`), and `constructor.name` and `util.inspect` show it.
 */
export function brand(errorClass: { prototype: object }, name: string): void {
  Object.assign(errorClass.prototype, { name, [brandKey]: name });
}

/** The base of every error this SDK throws (a `TypeError`/`RangeError` for a bad argument aside). */
export class PlantStoreError extends Error {
  /**
   * `error instanceof PlantStoreApiError` (or any class here) holds for errors made by another
   * copy of this package too: an app that loads both the ESM and the CJS build gets one
   * answer. The value's prototype chain is searched for this class's prototype, or one with
   * the same brand; a subclass of your own has no brand of its own and keeps the usual rule.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class right of instanceof, maybe a subclass
    const prototype: { [brandKey]?: string } = (this as { prototype: object }).prototype;
    const own = Object.hasOwn(prototype, brandKey) && prototype[brandKey];
    for (let link = value; link != null; ) {
      link = Object.getPrototypeOf(link);
      if (link === prototype || (own && (link as typeof prototype)?.[brandKey] === own))
        return true;
    }
    return false;
  }
}
brand(PlantStoreError, "PlantStoreError");
