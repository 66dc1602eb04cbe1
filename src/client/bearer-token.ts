import { check } from "./checks.js";

// RFC 6750's b64token: what may follow "Bearer " in an Authorization header. Anything else (a
// space, CR/LF, a quote) would break the header or be read as another parameter.
const b64token = /^[\w.~+/-]+=*$/;

/** Refuses a token that is not a bearer token (never showing it); the Authorization value. */
export function bearer(token: unknown): string {
  check(
    "token",
    token,
    "string",
    b64token.test(token as string),
    "a bearer token (RFC 6750) or a function returning one",
  );
  return `Bearer ${token}`;
}
