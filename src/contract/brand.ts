// The one error-class style of the package: every error class it exports (the SDK's, the admin
// client's, the verifier's, the data file's) is branded, so `instanceof` gives one answer for
// an error made by another copy of this package (its ESM and CJS builds, or two installs in
// one app). The key is shared through the global symbol registry, so every copy reads it.
const brandKey = Symbol.for("plant-store-sdk.error");

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Gives `errorClass` its `name` and its brand. Both go on the prototype, so the name is in
 * place when `Error` captures the stack (a class field would come too late, and the stack
 * would say "Error"). Called after each class rather than in a static block of it: a class
 * that names itself in its own body is renamed by the bundler (`_PlantStoreError`), and
 * `constructor.name` and `util.inspect` show it.
 *
 * `value instanceof errorClass` then searches the value's prototype chain for this class's
 * prototype or one with the same brand; a subclass of the user's own has no brand of its own
 * and keeps the usual rule.
 */
export function brand(errorClass: ErrorClass, name: string): void {
  Object.assign(errorClass.prototype, { name, [brandKey]: name });
  Object.defineProperty(errorClass, Symbol.hasInstance, { value: isInstance });
}

function isInstance(this: ErrorClass, value: unknown): boolean {
  const prototype: { [brandKey]?: string } = this.prototype;
  const own = Object.hasOwn(prototype, brandKey) && prototype[brandKey];
  for (let link = value; link != null; ) {
    link = Object.getPrototypeOf(link);
    if (link === prototype || (own && (link as typeof prototype)?.[brandKey] === own)) return true;
  }
  return false;
}
