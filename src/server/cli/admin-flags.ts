// --admin and --admin-token (or PLANT_STORE_ADMIN_TOKEN): the admin endpoints of the CLI.

import { BEARER_TOKEN_RULE, isBearerToken } from "../../contract/bearer-token.js";
import type { PlantStoreAdminOption } from "../../mock/admin/admin-access.js";
import { openAdminProblem } from "../check-options.js";

export type AdminTokenSource = "--admin-token" | "PLANT_STORE_ADMIN_TOKEN";

export interface AdminFlags {
  admin: PlantStoreAdminOption | undefined;
  /** Where the admin token came from, for the banner; undefined when open or off. */
  adminTokenSource: AdminTokenSource | undefined;
}

// Only the rule is printed, never the offending value: it may be a real secret.
export const TOKEN_RULE = `must be ${BEARER_TOKEN_RULE}.`;

/**
 * `--admin-token` turns the endpoints on by itself; the environment variable only supplies
 * the token, so a shell that exports it does not open them on every run.
 */
export function readAdminFlags(
  values: { admin?: boolean; "admin-token"?: string },
  env: NodeJS.ProcessEnv,
  host: string,
): AdminFlags {
  const flag = values["admin-token"];
  const on = values.admin === true || flag !== undefined;
  if (!on) return { admin: undefined, adminTokenSource: undefined };
  if (flag !== undefined) {
    if (!isBearerToken(flag)) throw new TypeError(`--admin-token ${TOKEN_RULE}`);
    return { admin: { token: flag }, adminTokenSource: "--admin-token" };
  }
  const fromEnv = env.PLANT_STORE_ADMIN_TOKEN?.trim() ?? "";
  if (fromEnv !== "") {
    if (!isBearerToken(fromEnv)) throw new TypeError(`PLANT_STORE_ADMIN_TOKEN ${TOKEN_RULE}`);
    return { admin: { token: fromEnv }, adminTokenSource: "PLANT_STORE_ADMIN_TOKEN" };
  }
  if (openAdminProblem(host, true, undefined) !== undefined) {
    throw new TypeError(
      `--admin on --host ${host} would open reset and the request journal to the network; give --admin-token <token> (or PLANT_STORE_ADMIN_TOKEN), or listen on a loopback host.`,
    );
  }
  return { admin: true, adminTokenSource: undefined };
}
