// What a sandbox token looks like: the prefix every path tells it by, then 128 random bits
// (the contract's minimum) as base64url. Its shape is what keeps a sandbox's token out of every
// log line, journal entry and message, live or closed, without a list of them.

/** Every sandbox token starts with this, so every path can tell one from a configured token. */
export const SANDBOX_TOKEN_PREFIX = "psb_";

/** Bytes of randomness after the prefix: 128 bits, 22 characters of base64url. */
export const SANDBOX_TOKEN_RANDOM_BYTES = 16;

/** A sandbox token anywhere in a text. */
export const SANDBOX_TOKEN_SHAPE = new RegExp(`${SANDBOX_TOKEN_PREFIX}[A-Za-z0-9_-]{22}`);

export function isSandboxToken(token: string): boolean {
  return token.startsWith(SANDBOX_TOKEN_PREFIX);
}
