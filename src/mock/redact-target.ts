// Request targets go into logs and the journal; a client may have put a secret in one
// (RFC 6750's access_token parameter, a token pasted into a path). Whatever the encoding,
// no accepted token and no access_token value may come out.

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
