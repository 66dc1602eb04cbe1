// Open admin endpoints can reset the store and read every request's body, so they are only
// allowed where nothing but this machine can reach them.
import { isLoopbackHost } from "../mock/admin/admin-access.js";

/** Why the admin endpoints may not run open on `host`, or undefined when they may. */
export function openAdminProblem(host: string, adminOn: boolean, token: string | undefined) {
  if (!adminOn || token !== undefined || isLoopbackHost(host)) return undefined;
  return `the admin endpoints would be open to the network on host ${host}: reset and the request journal need an admin token there`;
}
