/**
 * Refuses an argument that can never work unless it has type `type` and `allowed` holds:
 * a TypeError naming it for the wrong type (null included), else a RangeError. The message
 * never shows the value, which may be a secret.
 */
export function check(
  name: string,
  value: unknown,
  type: "string" | "number" | "boolean" | "object" | "function",
  allowed: unknown,
  rule: string,
): void {
  if (typeof value !== type || !allowed) {
    throw new (typeof value === type && value !== null ? RangeError : TypeError)(
      `${name} must be ${rule}`,
    );
  }
}
