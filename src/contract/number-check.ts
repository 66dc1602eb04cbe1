// The package's one check of a number given as an option or an argument, so every entry
// refuses alike: a TypeError when it is no number at all, a RangeError when it is a number the
// rule does not take (as the platform does: `new Array(-1)` is a RangeError). The message names
// the option and its rule; the value is never shown (an argument may be a secret).

/**
 * `value` when it is a number `accepts` takes; otherwise throws with `message` (a function
 * when the message costs something to build: it is built only for a refusal).
 */
export function checkNumber(
  value: unknown,
  accepts: (value: number) => boolean,
  message: string | (() => string),
): number {
  const text = () => (typeof message === "string" ? message : message());
  if (typeof value !== "number") throw new TypeError(text());
  if (!accepts(value)) throw new RangeError(text());
  return value;
}

/** A whole number from `min` up (JavaScript's safe integers). */
export const wholeFrom = (min: number) => (value: number) =>
  Number.isSafeInteger(value) && value >= min;

/** A number from `min` to `max`, ends included; `integer` for whole numbers only. */
export const between =
  (min: number, max: number, integer = false) =>
  (value: number) =>
    value >= min && value <= max && (!integer || Number.isInteger(value));
