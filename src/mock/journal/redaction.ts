// Request targets go into logs and the journal; a client may have put a secret in one
// (RFC 6750's access_token parameter, a token pasted into a path). Whatever the encoding,
// no accepted token and no access_token value may come out. Create bodies and methods go
// into the journal too, and follow the same rule.
import { SANDBOX_TOKEN_PREFIX, SANDBOX_TOKEN_SHAPE } from "../../contract/sandbox-token.js";

const REDACTED = "[redacted]";
const ENCODED_OR_ACCESS_TOKEN = /[%+]|access_token/i;
/** Tokens at least this long are also found inside longer text. */
export const MIN_SEARCHED = 8;

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

/**
 * What `fixed` hides and what `later()` hides, `later` read at each call: the shadow proxy's
 * forwarded tokens, which grow as requests arrive.
 */
export function joinSecretTokens(fixed: SecretTokens, later: () => SecretTokens): SecretTokens {
  return {
    holds: (text) => fixed.holds(text) || later().holds(text),
    appearsIn: (text) => fixed.appearsIn(text) || later().appearsIn(text),
    with: (more) => joinSecretTokens(fixed.with(more), later),
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
