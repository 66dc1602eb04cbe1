// The one rule for a base URL the package sends requests to or intercepts (the SDK, the MSW
// handler set, the admin client, the verifier): an absolute http(s) URL without credentials
// (fetch refuses them), query or fragment (paths are appended to the base as text, so either
// would swallow them), and the one message every entry refuses another value with.

// Checked on the text as written, before the URL parser drops an empty "?", "#" or "@".
const PLAIN_HTTP_URL = /^https?:\/\/[^/?#@]+(\/[^?#]*)?$/i;

export interface HttpBaseUrl {
  /** "https://api.example.com" */
  origin: string;
  /** The path as the URL parser serialises it: "/" or "/v1" (a trailing slash kept). */
  path: string;
  /** Origin and path without trailing slashes, as requests are built on it: "https://api.example.com/v1". */
  base: string;
}

/** The origin and path of `value`, or undefined when it breaks the rule. */
export function parseHttpBaseUrl(value: unknown): HttpBaseUrl | undefined {
  if (typeof value !== "string" || !PLAIN_HTTP_URL.test(value) || !URL.canParse(value)) {
    return undefined;
  }
  const url = new URL(value);
  // Paths are appended to the base as text: a trailing slash would double theirs.
  return {
    origin: url.origin,
    path: url.pathname,
    base: url.origin + url.pathname.replace(/\/+$/, ""),
  };
}

/** What every entry's `baseUrl` option is refused with; the value is never shown (it may hold credentials). */
export const BASE_URL_MESSAGE =
  "baseUrl must be an absolute http(s) URL without query, fragment or credentials";

/** The origin and path of `value`, or a TypeError with the rule when it breaks it. */
export function checkHttpBaseUrl(value: unknown): HttpBaseUrl {
  const url = parseHttpBaseUrl(value);
  if (url === undefined) throw new TypeError(BASE_URL_MESSAGE);
  return url;
}
