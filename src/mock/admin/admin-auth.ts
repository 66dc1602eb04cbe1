// The admin endpoints' own authentication: the admin token when one is set, else open.
// The API tokens never open them, and the admin token never opens the API.
import { createBearerAuth } from "../tokens.js";

export const ADMIN_WWW_AUTHENTICATE = 'Bearer realm="plant-store-admin"';

export type AdminAuth = (header: string | null) => { ok: true } | { ok: false; message: string };

const NOT_ADMIN = "The bearer token in the Authorization header is not the admin token.";

export function createAdminAuth(token: string | undefined): AdminAuth {
  if (token === undefined) return () => ({ ok: true });
  // The API's bearer parsing gives the same messages for a missing header, another scheme
  // or an empty token, and compares in constant time.
  const check = createBearerAuth([token]);
  return (header) => {
    const result = check(header);
    if (result.ok) return { ok: true };
    return { ok: false, message: result.invalidToken ? NOT_ADMIN : result.message };
  };
}
