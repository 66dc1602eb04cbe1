// The `admin` option of the core and the server: off unless asked for, open or behind its
// own bearer token (never one of the API tokens).
import { BEARER_TOKEN_RULE, isBearerToken } from "../../contract/bearer-token.js";

/** `true`: the admin endpoints, open. `{ token }`: they require `Authorization: Bearer <token>`. */
export type PlantStoreAdminOption = boolean | { token?: string | undefined };

export interface CheckedAdminOption {
  token: string | undefined;
}

const MESSAGE = 'admin must be true, false or { token: "<admin token>" }.';

/** `undefined` when the admin endpoints are off. */
export function checkAdminOption(value: unknown): CheckedAdminOption | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { token: undefined };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(MESSAGE);
  }
  for (const name of Object.keys(value)) {
    if (name !== "token") throw new TypeError(`Unknown admin option "${name}"; ${MESSAGE}`);
  }
  const token = (value as { token?: unknown }).token;
  if (token === undefined) return { token: undefined };
  // Only the rule is printed, never the value: it may be a real secret.
  if (!isBearerToken(token)) throw new TypeError(`admin.token must be ${BEARER_TOKEN_RULE}.`);
  return { token };
}
