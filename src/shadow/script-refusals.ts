// What a shadow proxy refuses: it passes the deployment's answers on, so a scenario set on it
// would never be applied, and it forwards no sandbox token, so a sandbox would never be asked.
// Refused when set, rather than accepted and ignored: in process with a TypeError, over HTTP
// with a 400 (which the admin client rejects with as its error). Clearing and reset stay
// accepted: a suite's shared afterEach calls them whatever it runs against.
import type { CoreAnswer } from "../contract/core-exchange.js";
import { ADMIN_PREFIX, adminError, type Methods } from "../mock/admin-api/admin-routes.js";
import type { PlantStoreInProcess } from "../mock/world/in-process.js";

export function refusalMessage(what: string): string {
  return `${what} is refused: a shadow proxy passes the deployment's answers on; it scripts none and has no sandboxes.`;
}

const refused = (verb: string) => (): never => {
  throw new TypeError(refusalMessage(verb));
};

/** A shadow proxy's in-process verbs that would script an answer or open a sandbox. */
export const REFUSED_VERBS = {
  failNext: refused("failNext"),
  respondNext: refused("respondNext"),
  respondWith: refused("respondWith"),
  delayNext: refused("delayNext"),
  breakNext: refused("breakNext"),
  chaos: refused("chaos"),
  createSandbox: refused("createSandbox"),
} satisfies Partial<PlantStoreInProcess>;

const refusedOverHttp = (method: string, path: string) => ({
  [method]: async (): Promise<CoreAnswer> => adminError(400, refusalMessage(`${method} ${path}`)),
});

/** The admin endpoints that would, answering 400 on a shadow proxy. */
export const REFUSED_ADMIN_ROUTES: Readonly<Record<string, Methods>> = Object.fromEntries(
  [
    ["POST", `${ADMIN_PREFIX}/faults`],
    ["POST", `${ADMIN_PREFIX}/responses`],
    ["PUT", `${ADMIN_PREFIX}/chaos`],
    ["POST", `${ADMIN_PREFIX}/sandboxes`],
  ].map(([method, path]) => [path, refusedOverHttp(method as string, path as string)]),
);
