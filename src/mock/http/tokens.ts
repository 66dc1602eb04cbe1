// The API's bearer tokens: which may be configured, whether a request's Authorization header
// carries one, and keeping them out of everything shown (logs, the journal, messages).
import { BEARER_TOKEN_RULE, isBearerToken } from "../../contract/bearer-token.js";
import {
  isSandboxToken,
  SANDBOX_TOKEN_PREFIX,
  SANDBOX_TOKEN_SHAPE,
} from "../../contract/sandbox-token.js";

export { isSandboxToken, SANDBOX_TOKEN_PREFIX };

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
 * well-formed bearer token (the same rule a configured token must follow, tokens.ts), a
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

// Request targets go into logs and the journal; a client may have put a secret in one
// (RFC 6750's access_token parameter, a token pasted into a path). Whatever the encoding,
// no accepted token and no access_token value may come out. Create bodies and methods go
// into the journal too, and follow the same rule.

const REDACTED = "[redacted]";
const ENCODED_OR_ACCESS_TOKEN = /[%+]|access_token/i;
/** Tokens at least this long are also found inside longer text. */
const MIN_SEARCHED = 8;

/**
 * The tokens no log line, journal entry or message may show. Sandbox tokens are found by their
 * shape rather than looked up among the live sandboxes', so a sandbox's token stays hidden
 * after the sandbox closed (a request still carrying it, a journal read later, a log line
 * written when a hang ends), and a thousand live sandboxes cost a log line no more than none.
 */
export interface SecretTokens {
  /**
   * Whether `text` is a token or holds one. Short tokens ("t" in tests) count only when they
   * are the whole text: inside other text they would redact innocent paths.
   */
  holds(text: string): boolean;
  /** Whether any token occurs anywhere in `text`, short ones too. */
  appearsIn(text: string): boolean;
  /** These and `more` (the tokens a journal's kept requests were accepted with). */
  with(more: Iterable<string>): SecretTokens;
}

/** The configured tokens (API and admin, a handful) and every sandbox token, by its shape. */
export function createSecretTokens(tokens: Iterable<string> = []): SecretTokens {
  const listed = [...new Set(tokens)];
  /** `text` is a token, or holds one at least `searched` long. */
  function found(text: string, searched: number): boolean {
    for (const token of listed) {
      if (text === token || (token.length >= searched && text.includes(token))) return true;
    }
    return text.includes(SANDBOX_TOKEN_PREFIX) && SANDBOX_TOKEN_SHAPE.test(text);
  }
  return {
    holds: (text) => found(text, MIN_SEARCHED),
    appearsIn: (text) => found(text, 1),
    with: (more) => createSecretTokens([...listed, ...more]),
  };
}

export function redactTarget(target: string, tokens: SecretTokens): string {
  // Most targets hold no token, no access_token and nothing encoded: they come out as they are.
  if (!ENCODED_OR_ACCESS_TOKEN.test(target) && !tokens.appearsIn(target)) return target;
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  const redactedPath = path
    .split("/")
    .map((segment) => (tokens.holds(decode(segment)) ? REDACTED : segment))
    .join("/");
  let redacted = redactedPath;
  if (query !== -1) {
    const params = target
      .slice(query + 1)
      .split("&")
      .map((param) => {
        const equals = param.indexOf("=");
        const name = equals === -1 ? param : param.slice(0, equals);
        const decodedName = decode(name.replace(/\+/g, " "));
        if (tokens.holds(decodedName)) return REDACTED;
        if (equals === -1) return param;
        const value = decode(param.slice(equals + 1).replace(/\+/g, " "));
        const secret = decodedName.toLowerCase() === "access_token" || tokens.holds(value);
        return secret ? `${name}=${REDACTED}` : param;
      });
    redacted += `?${params.join("&")}`;
  }
  // A token that spans segments or parameters (b64tokens may hold "/" or "+").
  return tokens.holds(decode(redacted))
    ? `${REDACTED} (the request target held a token)`
    : redacted;
}

/** A word such as a method ("curl -X <token>" sends one): "[redacted]" when it holds a token. */
export function redactWord(text: string, tokens: SecretTokens): string {
  return tokens.holds(text) ? REDACTED : text;
}

/** A parsed JSON body with every key and value that holds a token replaced by "[redacted]". */
export function redactJson(value: unknown, tokens: SecretTokens): unknown {
  if (typeof value === "string") return redactWord(value, tokens);
  // A token of digits is a number once parsed: {"pin": 12345678}.
  if (typeof value === "number") return tokens.holds(String(value)) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, tokens));
  if (typeof value !== "object" || value === null) return value;
  // fromEntries defines own properties, so a key named "__proto__" stays a key.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactWord(key, tokens), redactJson(item, tokens)]),
  );
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
