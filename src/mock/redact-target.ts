// Request targets go into logs and the journal; a client may have put a secret in one
// (RFC 6750's access_token parameter, a token pasted into a path). Whatever the encoding,
// no accepted token and no access_token value may come out. Create bodies and methods go
// into the journal too, and follow the same rule.

const REDACTED = "[redacted]";
/** Tokens at least this long are also found inside longer text. */
const MIN_SEARCHED = 8;

export function redactTarget(target: string, tokens: readonly string[]): string {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  const redactedPath = path
    .split("/")
    .map((segment) => (holdsToken(decode(segment), tokens) ? REDACTED : segment))
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
        if (holdsToken(decodedName, tokens)) return REDACTED;
        if (equals === -1) return param;
        const value = decode(param.slice(equals + 1).replace(/\+/g, " "));
        const secret = decodedName.toLowerCase() === "access_token" || holdsToken(value, tokens);
        return secret ? `${name}=${REDACTED}` : param;
      });
    redacted += `?${params.join("&")}`;
  }
  // A token that spans segments or parameters (b64tokens may hold "/" or "+").
  return holdsToken(decode(redacted), tokens)
    ? `${REDACTED} (the request target held a token)`
    : redacted;
}

/** A word such as a method ("curl -X <token>" sends one): "[redacted]" when it holds a token. */
export function redactWord(text: string, tokens: readonly string[]): string {
  return holdsToken(text, tokens) ? REDACTED : text;
}

/** A parsed JSON body with every key and value that holds a token replaced by "[redacted]". */
export function redactJson(value: unknown, tokens: readonly string[]): unknown {
  if (typeof value === "string") return redactWord(value, tokens);
  // A token of digits is a number once parsed: {"pin": 12345678}.
  if (typeof value === "number") return holdsToken(String(value), tokens) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, tokens));
  if (typeof value !== "object" || value === null) return value;
  // fromEntries defines own properties, so a key named "__proto__" stays a key.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactWord(key, tokens), redactJson(item, tokens)]),
  );
}

/**
 * A segment or value that is a token, or holds one. Short tokens ("t" in tests) count only
 * when they are the whole text: inside other text they would redact innocent paths.
 */
function holdsToken(text: string, tokens: readonly string[]): boolean {
  for (const token of tokens) {
    if (text === token || (token.length >= MIN_SEARCHED && text.includes(token))) return true;
  }
  return false;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
