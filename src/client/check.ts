/**
 * Refuses an argument that can never work unless it has type `type` and `allowed` holds: a
 * RangeError naming it for a number outside its range, a TypeError for anything else (as the
 * platform does: `new URL()` and `new Headers()` throw TypeErrors for malformed strings). The
 * message never shows the value, which may be a secret.
 */
export function check(
  name: string,
  value: unknown,
  type: "string" | "number" | "boolean" | "object" | "function",
  allowed: unknown,
  rule: string,
): void {
  if (typeof value !== type || !allowed) {
    throw new (type === "number" && typeof value === "number" ? RangeError : TypeError)(
      `${name} must be ${rule}`,
    );
  }
}
