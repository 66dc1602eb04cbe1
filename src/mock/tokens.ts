// What `tokens` means, the same at every entry point (fetch handler, MSW handlers, server,
// CLI): a non-empty array of RFC 6750 bearer tokens. "Accept any token" is spelled by
// leaving `tokens` out, never by an empty list, so `[]` is a mistake wherever it is given.

import { BEARER_TOKEN_RULE, isBearerToken } from "../contract/bearer-token.js";

/**
 * `undefined` stays `undefined` (the caller decides the default); anything else must be a
 * non-empty array of bearer tokens. Returns a frozen copy, so changing the caller's array
 * later cannot change who is let in.
 */
export function checkTokens(tokens: unknown, name = "tokens"): readonly string[] | undefined {
  if (tokens === undefined) return undefined;
  if (!Array.isArray(tokens)) {
    throw new TypeError(`${name} must be an array of bearer tokens, such as ["my-token"].`);
  }
  if (tokens.length === 0) {
    throw new RangeError(
      `${name} must hold at least one token; leave ${name} out for the default.`,
    );
  }
  for (const [index, token] of tokens.entries()) {
    if (!isBearerToken(token)) {
      throw new TypeError(`${name}[${index}] must be ${BEARER_TOKEN_RULE}.`);
    }
  }
  return Object.freeze([...tokens]);
}
