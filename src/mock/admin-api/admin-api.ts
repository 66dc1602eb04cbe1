// The admin endpoints under /__admin/ (WireMock's convention), for end-to-end suites that
// drive the server from another process: reset, faults, the request journal, the store, and
// sandboxes (admin-sandboxes.ts). Checks run in the API's order: admin token (401), or without
// one the browser guard (403), then route (404), method (405 with Allow), then the body (415,
// 413, 400). A refused request changes nothing.
import type { CoreAnswer, CoreRequest } from "../../contract/core-exchange.js";
import { CONTENT_TYPE_MESSAGE, isJsonContentType } from "../http/request-body.js";
import { redactWord, type SecretTokens } from "../journal/redaction.js";
import {
  createSandboxRoutes,
  isSandboxesPath,
  SANDBOXES_PATH,
  UNKNOWN_SANDBOX,
} from "../sandboxes/sandbox-admin-routes.js";
import type { SandboxRegistry } from "../sandboxes/sandbox-registry.js";
import type { RequestStep } from "../steps/core-step.js";
import type { World } from "../world/world.js";
import { ADMIN_WWW_AUTHENTICATE, createAdminAuth, openAdminRefusal } from "./admin-access.js";
import { ADMIN_PREFIX, adminError, type Methods, worldRoutes } from "./admin-routes.js";

export { ADMIN_PREFIX, type AdminPlant } from "./admin-routes.js";

const BODY_METHODS = new Set(["POST", "PUT"]);
const HIDDEN_REASON =
  "The request was refused; the reason is not shown because it would hold a token.";

export function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) && (path.length === 8 || path[8] === "/");
}

interface AdminApiOptions {
  /** The set's own world, served at the top of /__admin/. */
  world: World;
  maxBodyBytes: number;
  /** The admin token; `undefined` leaves the endpoints open. */
  token: string | undefined;
  /** Every accepted token (API and admin): never echoed in a message. */
  secrets: SecretTokens;
  /** The sandboxes, served under /__admin/sandboxes. */
  sandboxes: SandboxRegistry;
  /** Resolves once the store's changes are durable (persistence). */
  commit?: () => Promise<void>;
  /**
   * Endpoints mounted by whoever starts the core (behind the same token); on a path served here
   * too, a method given there answers instead.
   */
  routes?: Readonly<Record<string, Methods>> | undefined;
}

/** The core's first step, when the admin endpoints are on: every path under /__admin/. */
export function adminRoutesStep(options: AdminApiOptions): RequestStep {
  return { takes: (request) => isAdminPath(request.path), answer: createAdminApi(options) };
}

export function createAdminApi(
  options: AdminApiOptions,
): (request: CoreRequest) => Promise<CoreAnswer> {
  const { world, maxBodyBytes, commit } = options;
  const authenticate = options.token === undefined ? undefined : createAdminAuth(options.token);

  /** Answers once the store's change is saved (with a data file), as a create does. */
  async function durable(answer: CoreAnswer): Promise<CoreAnswer> {
    if (commit !== undefined) await commit();
    return answer;
  }

  const routes = worldRoutes(ADMIN_PREFIX, world, durable, maxBodyBytes);
  const mounted = options.routes ?? {};
  const sandboxRoutes = createSandboxRoutes(options.sandboxes, maxBodyBytes, worldRoutes);
  const endpointList = [
    ...new Set([...Object.keys(routes), ...Object.keys(mounted), SANDBOXES_PATH]),
  ].join(", ");

  /** The methods of `path`: its own, with the mounted ones of the same path over them. */
  function methodsOf(path: string): Methods | "unknown-sandbox" | undefined {
    const own = isSandboxesPath(path)
      ? sandboxRoutes(path)
      : Object.hasOwn(routes, path)
        ? routes[path]
        : undefined;
    const added = Object.hasOwn(mounted, path) ? mounted[path] : undefined;
    if (added === undefined) return own;
    return typeof own === "object" ? { ...own, ...added } : added;
  }

  return async (request) => {
    if (authenticate === undefined) {
      const refusal = openAdminRefusal(request);
      if (refusal !== undefined) return adminError(403, refusal);
    } else {
      const auth = authenticate(request.header("authorization"));
      if (!auth.ok) {
        return adminError(401, auth.message, { "www-authenticate": ADMIN_WWW_AUTHENTICATE });
      }
    }
    const methods = methodsOf(request.path);
    if (methods === "unknown-sandbox") {
      // The id is not echoed either: a client may have put anything there.
      return adminError(404, UNKNOWN_SANDBOX);
    }
    if (methods === undefined) {
      // The path is not echoed: it may hold a token (an API token pasted into a URL).
      return adminError(
        404,
        `The request path is not an admin endpoint; they are ${endpointList}.`,
      );
    }
    const endpoint = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
    if (endpoint === undefined) {
      const allow = Object.keys(methods).join(", ");
      const method = redactWord(request.method, options.secrets);
      const message = `The ${method} method is not allowed on ${request.path}; use ${allow}.`;
      return adminError(405, message, { allow });
    }
    // A browser sends a JSON Content-Type only after a preflight, which the admin API never
    // grants: so no page can POST or PUT here, with or without a body. DELETE is preflighted.
    if (BODY_METHODS.has(request.method) && !isJsonContentType(request.header("content-type"))) {
      return adminError(415, CONTENT_TYPE_MESSAGE);
    }
    const answer = await endpoint(request);
    // A refusal may name what the body held (an unknown field, an operation): never a token.
    if (answer.status < 400 || !options.secrets.holds(answer.body)) return answer;
    return adminError(answer.status, HIDDEN_REASON);
  };
}
