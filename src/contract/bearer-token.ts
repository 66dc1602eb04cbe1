// The bearer-token syntax, shared by the SDK (what it may send) and the reference server
// (what it accepts and what a configured token must look like). Runtime-neutral, imports
// nothing, so the SDK's root entry pulls in no more than these few lines.

// RFC 6750 b64token: what may follow "Bearer " in an Authorization header. Anything else (a
// space, CR/LF, a quote, U+00A0) would break the header or be read as another parameter.
// (\w is A-Z, a-z, 0-9 and _.)
export const BEARER_TOKEN = /^[\w.~+/-]+=*$/;

/** The rule in words, for messages. Never followed by the offending value: it may be a secret. */
export const BEARER_TOKEN_RULE =
  "a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty";

export function isBearerToken(token: unknown): token is string {
  return typeof token === "string" && BEARER_TOKEN.test(token);
}
