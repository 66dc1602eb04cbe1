import { BEARER_TOKEN } from "../contract/bearer-token.js";
import { check } from "./checks.js";

/** Refuses a token that is not a bearer token (never showing it); the Authorization value. */
export function bearer(token: unknown): string {
  check(
    "token",
    token,
    "string",
    BEARER_TOKEN.test(token as string),
    "a bearer token (RFC 6750) or a function returning one",
  );
  return `Bearer ${token}`;
}
