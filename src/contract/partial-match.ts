// The partial rule of a request: every field given must be equal, objects partially (fields not
// given are not compared), arrays whole. The matchers' `toHaveReceived` compares journal
// entries by it and a scenario's `when` compares arriving requests by it, so "matches" means
// one thing wherever a test writes a partial request.

/**
 * Whether `value` matches `expected` by the partial rule; `equals` compares the leaves (the
 * runner's equality, where a matcher has one).
 */
export function matchesPartly(
  value: unknown,
  expected: unknown,
  equals: (a: unknown, b: unknown) => boolean = sameValue,
): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(value) &&
      value.length === expected.length &&
      expected.every((part, i) => matchesPartly(value[i], part, equals))
    );
  }
  if (!isPlainObject(expected)) return equals(value, expected);
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(expected).every(
    ([key, part]) =>
      key in value && matchesPartly((value as Record<string, unknown>)[key], part, equals),
  );
}

/** Equality of JSON values, an asymmetric matcher (`expect.any(String)`) by its own rule. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isAsymmetric(b)) return b.asymmetricMatch(a);
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const keys = Object.keys(b);
  return (
    Array.isArray(a) === Array.isArray(b) &&
    Object.keys(a).length === keys.length &&
    keys.every((key) => key in a && sameValue((a as never)[key], (b as never)[key]))
  );
}

/** An object compared field by field: not an array, a class instance or an asymmetric matcher. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  // An asymmetric matcher (expect.any(String)) is compared whole, by its own rule.
  if (typeof value !== "object" || value === null || isAsymmetric(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** What Vitest's, Jest's and Bun's `expect.any(...)`, `expect.stringMatching(...)` are. */
export interface AsymmetricMatcher {
  asymmetricMatch(value: unknown): boolean;
  toAsymmetricMatcher?(): string;
}

export function isAsymmetric(value: unknown): value is AsymmetricMatcher {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<AsymmetricMatcher>).asymmetricMatch === "function"
  );
}
