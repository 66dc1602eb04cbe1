// Open admin endpoints can reset the store and read every request's body, so they are only
// allowed where nothing but this machine can reach them.
import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 (also as an IPv4-mapped address) and "localhost". */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (lower === "localhost" || lower === "::1" || lower === "0:0:0:0:0:0:0:1") return true;
  const v4 = lower.startsWith("::ffff:") ? lower.slice(7) : lower;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/** Why the admin endpoints may not run open on `host`, or undefined when they may. */
export function openAdminProblem(host: string, adminOn: boolean, token: string | undefined) {
  if (!adminOn || token !== undefined || isLoopbackHost(host)) return undefined;
  return `the admin endpoints would be open to the network on host ${host}: reset and the request journal need an admin token there`;
}
