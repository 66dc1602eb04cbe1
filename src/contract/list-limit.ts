// The rule of a list's `limit` (openapi.yaml: an int32 from 0 up), the same for the SDK's check
// before it sends one and the server's 400 for one it received.
import { between } from "./number-check.js";

/** The largest `limit`: int32's maximum. */
export const LIMIT_MAX = 2_147_483_647;

/** The rule in words, for messages that name the field their own way. */
export const LIMIT_RULE = `an integer from 0 to ${LIMIT_MAX}`;

/** The 400 message of a list whose `limit` breaks the rule. */
export const LIMIT_MESSAGE = `limit must be ${LIMIT_RULE}.`;

export function isListLimit(value: number): boolean {
  return between(0, LIMIT_MAX, true)(value);
}
