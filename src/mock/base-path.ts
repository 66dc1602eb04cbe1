// What a path prefix may be. Requests are matched on the path as the URL parser serialises
// it, so a prefix is only reachable if it is already in that form: ASCII path characters,
// nothing the parser would percent-encode, resolve ("..") or cut off ("?", "#").

// RFC 3986 pchar without percent-encoding, one or more per segment.
const PLAIN_PATH = /^(\/[A-Za-z0-9\-._~!$&'()*+,;=:@]+)+$/;

/**
 * "" (none) or a path such as "/v1", without a trailing slash. "v1" and "/v1/" both mean
 * "/v1"; anything that would never match a request throws a TypeError naming `name`.
 */
export function checkBasePath(value: unknown, name = "basePath"): string {
  if (value === undefined) return "";
  if (typeof value !== "string") throw new TypeError(`${name} must be a string such as "/v1".`);
  const trimmed = value.replace(/\/+$/, "");
  const path = trimmed === "" || trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  if (path === "") return path;
  const dotSegment = path.split("/").some((segment) => segment === "." || segment === "..");
  if (!PLAIN_PATH.test(path) || dotSegment) {
    throw new TypeError(
      `${name} must be a plain path such as "/v1": ASCII letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : @ between single slashes, no "." or ".." segment, no ?, # or %.`,
    );
  }
  return path;
}
