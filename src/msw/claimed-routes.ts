// The routes a handler set claims, as RegExps rather than MSW path strings: MSW matches a
// string path with path-to-regexp, which reads ":", "(", "*" or "+" in a prefix as syntax
// and lets "/plants/" match "/plants". A RegExp is matched against the request's origin and
// path (never the query), exactly as written here.

/**
 * `"plants"`: exactly `{origin}{prefix}/plants`. `"prefix"`: the prefix itself and every
 * path below it (with no prefix, every path on the origin).
 */
export function claimedRoute(origin: string, prefix: string, scope: "plants" | "prefix"): RegExp {
  const base = escapeRegExp(`${origin}${prefix}`);
  return scope === "plants" ? new RegExp(`^${base}/plants$`) : new RegExp(`^${base}(?:/.*)?$`);
}

/** Every path on `origin` whose last segment is `plants`, under any prefix or none. */
export function plantsOnOriginRoute(origin: string): RegExp {
  return new RegExp(`^${escapeRegExp(origin)}(?:/.*)?/plants$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
