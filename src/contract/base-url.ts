// The one rule for a base URL the package sends requests to or intercepts: an absolute
// http(s) URL without credentials (fetch refuses them), query or fragment (paths are appended
// to the base as text, so either would swallow them). Each entry throws its own message,
// naming its own option; the rule itself lives only here.

// Checked on the text as written, before the URL parser drops an empty "?", "#" or "@".
const PLAIN_HTTP_URL = /^https?:\/\/[^/?#@]+(\/[^?#]*)?$/i;

export interface HttpBaseUrl {
  /** "https://api.example.com" */
  origin: string;
  /** The path as the URL parser serialises it: "/" or "/v1" (a trailing slash kept). */
  path: string;
}

/** The origin and path of `value`, or undefined when it breaks the rule. */
export function parseHttpBaseUrl(value: unknown): HttpBaseUrl | undefined {
  if (typeof value !== "string" || !PLAIN_HTTP_URL.test(value) || !URL.canParse(value)) {
    return undefined;
  }
  const url = new URL(value);
  return { origin: url.origin, path: url.pathname };
}
