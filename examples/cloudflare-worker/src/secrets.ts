// Bearer tokens as the Worker reads and compares them: the sandbox tokens it mints and the
// admin token. A sandbox token names its Durable Object, so the Worker routes a request by its
// token alone, without a lookup that every request would contend on:
//   psb_<the object's id, 64 hex digits>_<128 random bits, base64url>
// The `psb_` prefix is the package's mark of a sandbox token: any Plant Store handler answers
// one it does not know with 401, so a forged or closed token is refused wherever it lands.

const SANDBOX_TOKEN = /^psb_([0-9a-f]{64})_[\w-]+$/;

/** The token of an `Authorization: Bearer <token>` header, or `undefined`. */
export function bearerToken(header: string | null): string | undefined {
  return /^Bearer[ \t]+([^ \t]+)[ \t]*$/i.exec(header ?? "")?.[1];
}

/** The id of the Durable Object a sandbox token names, or `undefined` for any other token. */
export function sandboxObjectOf(token: string | undefined): string | undefined {
  return token === undefined ? undefined : SANDBOX_TOKEN.exec(token)?.[1];
}

/** A new token of the sandbox held by the object `objectId`. */
export function newSandboxToken(objectId: string): string {
  const random = crypto.getRandomValues(new Uint8Array(16));
  const base64url = btoa(String.fromCharCode(...random))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return `psb_${objectId}_${base64url}`;
}

const encoder = new TextEncoder();

/** Whether `given` is `expected`, in a time that tells nothing about how much of it matched. */
export function sameSecret(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  // timingSafeEqual needs equal lengths; comparing `b` with itself keeps the time the same.
  return a.byteLength === b.byteLength
    ? crypto.subtle.timingSafeEqual(a, b)
    : !crypto.subtle.timingSafeEqual(b, b);
}
