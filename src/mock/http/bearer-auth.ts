// The API's bearer tokens: which may be configured, and whether a request's Authorization
// header carries an accepted one (what keeps them out of everything shown is redaction.ts).
import { BEARER_TOKEN_RULE, isBearerToken } from "../../contract/bearer-token.js";
import type { CoreAnswer, HeaderRecord } from "../../contract/core-exchange.js";
import { isSandboxToken, SANDBOX_TOKEN_PREFIX } from "../../contract/sandbox-token.js";
import { errorAnswer } from "./json-answers.js";

// What `tokens` means, the same at every entry point (fetch handler, MSW handlers, server,
// CLI): a non-empty array of RFC 6750 bearer tokens. "Accept any token" is spelled by
// leaving `tokens` out, never by an empty list, so `[]` is a mistake wherever it is given.

/**
 * A configured API or admin token (`name`, as the caller spelled the option or flag) may not
 * carry the sandbox prefix: a `psb_` token is answered only by its live sandbox, so one given
 * here could never be used. The value is not printed: it may be a real secret.
 */
/**
 * A configured token: a bearer token, and not one a sandbox would own. `name` starts each
 * message; only the rule is printed, never the value, which may be a real secret.
 */
export function checkToken(token: unknown, name: string): asserts token is string {
  if (!isBearerToken(token)) throw new TypeError(`${name} must be ${BEARER_TOKEN_RULE}.`);
  if (!isSandboxToken(token)) return;
  throw new RangeError(
    `${name} must not start with "${SANDBOX_TOKEN_PREFIX}": that prefix marks sandbox tokens, which only their own sandbox answers.`,
  );
}

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
  for (const [index, token] of tokens.entries()) checkToken(token, `${name}[${index}]`);
  return Object.freeze([...tokens]);
}

// Bearer authentication of the contract. The token is never put in a message or header.

export type AuthResult =
  | { ok: true; token: string }
  | { ok: false; message: string; invalidToken: boolean };

export const WWW_AUTHENTICATE = 'Bearer realm="plant-store"';
export const WWW_AUTHENTICATE_INVALID = 'Bearer realm="plant-store", error="invalid_token"';

// RFC 9110 5.6.3: only spaces and tabs may surround a field value (or the token after the
// scheme). Anything else, U+00A0, \f or \v among them, is part of the token, which then is
// not one: String#trim() would strip those too and accept "Bearer t1<U+00A0>" as "t1".
const OPTIONAL_WHITESPACE = /^[ \t]+|[ \t]+$/g;

const refused = (message: string, invalidToken = false): AuthResult => ({
  ok: false,
  message,
  invalidToken,
});
const MISSING = refused("The Authorization header is missing; send Authorization: Bearer <token>.");
const NOT_BEARER = refused("The Authorization header must use the Bearer scheme.");
const EMPTY = refused("The Authorization header carries an empty Bearer token.");
const REJECTED = refused("The bearer token in the Authorization header is not accepted.", true);
// Only a sandbox's token has the prefix (a configured one may not), so a refused one had a
// sandbox, or never did: the test author learns why without the token being shown.
const NO_SANDBOX = refused(
  `The bearer token in the Authorization header is a sandbox token (${SANDBOX_TOKEN_PREFIX}...) whose sandbox is closed or expired (or never existed); create a new sandbox.`,
  true,
);

/**
 * Returns a checker of Authorization header values; `tokens` undefined accepts any
 * well-formed bearer token (the same rule a configured token must follow, above), a
 * function decides for itself (the core's, which also knows sandbox tokens).
 */
export function createBearerAuth(
  tokens: readonly string[] | ((token: string) => boolean) | undefined,
): (header: string | null) => AuthResult {
  const accepts =
    tokens === undefined
      ? isBearerToken
      : typeof tokens === "function"
        ? tokens
        : constantTimeMatcher(tokens);
  return (header) => {
    if (header === null || header === "") return MISSING;
    const space = header.indexOf(" ");
    const scheme = space === -1 ? header : header.slice(0, space);
    if (scheme.toLowerCase() !== "bearer") return NOT_BEARER;
    const token = space === -1 ? "" : header.slice(space + 1).replace(OPTIONAL_WHITESPACE, "");
    if (token === "") return EMPTY;
    if (accepts(token)) return { ok: true, token };
    return isSandboxToken(token) ? NO_SANDBOX : REJECTED;
  };
}

/**
 * Compares against every accepted token without stopping early, XOR-ing UTF-16 code units,
 * so the time depends on the configured tokens' lengths only: never on how much of one
 * matched, which one matched, or the length of the token sent. (No TextEncoder: encoding
 * the sent token was the costliest step of a request.)
 */
export function constantTimeMatcher(tokens: readonly string[]): (token: string) => boolean {
  const expected = [...tokens];
  return (token) => {
    let matched = 0;
    for (const candidate of expected) {
      let diff = candidate.length ^ token.length;
      for (let i = 0; i < candidate.length; i++) {
        // charCodeAt past the end is NaN, and NaN ^ x is x: the length check above covers it.
        diff |= candidate.charCodeAt(i) ^ token.charCodeAt(i);
      }
      matched |= diff === 0 ? 1 : 0;
    }
    return matched === 1;
  };
}

/** The contract's 401 for a refused Authorization header, with its challenge. */
export function unauthorizedAnswer(
  auth: Extract<AuthResult, { ok: false }>,
  headers: HeaderRecord,
): CoreAnswer {
  const challenge = auth.invalidToken ? WWW_AUTHENTICATE_INVALID : WWW_AUTHENTICATE;
  return errorAnswer(401, auth.message, headers, { "www-authenticate": challenge });
}
