// What `Access-Control-Allow-Origin` may be set to. A browser compares it byte for byte
// with the origin it sends (scheme://host[:port], host in lower case, no default port, no
// path), so any other spelling would fail every request; and a CR/LF would break the header.

/** "*" (the default), `null` (CORS off), or an origin exactly as browsers send it. */
export function checkCorsOrigin(value: unknown, name = "corsOrigin"): string | null {
  if (value === undefined) return "*";
  if (value === null || value === "*") return value;
  if (typeof value !== "string") {
    throw new TypeError(`${name} must be "*", an origin such as "https://app.example", or null.`);
  }
  const origin = serialisedOrigin(value);
  if (origin === value) return value;
  const hint = origin === undefined ? "." : `; did you mean "${origin}"?`;
  throw new TypeError(
    `${name} must be "*" or an origin such as "https://app.example" (scheme, host and port, nothing else)${hint}`,
  );
}

function serialisedOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.host === "") return undefined;
  // http(s) and the other special schemes have an origin; an app scheme such as
  // capacitor://localhost has none in URL terms, but browsers send it as scheme://host.
  return url.origin === "null" ? `${url.protocol}//${url.host}` : url.origin;
}
