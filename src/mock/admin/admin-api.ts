// The admin endpoints under /__admin/ (WireMock's convention), for end-to-end suites that
// drive the server from another process: reset, faults, the request journal, the store.
// Checks run in the API's order: admin token (401), or without one the browser guard (403),
// then route (404), method (405 with Allow), then the body (415, 413, 400). A refused
// request changes nothing.
import type { CoreAnswer, CoreRequest } from "../core-types.js";
import type { FaultInjector } from "../faults.js";
import type { RequestJournal } from "../journal.js";
import { CONTENT_TYPE_MESSAGE, isJsonContentType } from "../request-input.js";
import { redactWord } from "../tokens.js";
import type { PlantStore, StoredPlant } from "../types.js";
import { adminError, adminJson, adminNoContent } from "./admin-answers.js";
import { ADMIN_WWW_AUTHENTICATE, createAdminAuth } from "./admin-auth.js";
import { openAdminRefusal } from "./browser-guard.js";
import { parseFaultBody } from "./fault-body.js";
import { parsePlantsBody } from "./plants-body.js";
import { readAdminJson } from "./read-admin-json.js";

export const ADMIN_PREFIX = "/__admin";
const BODY_METHODS = new Set(["POST", "PUT"]);

export function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) && (path.length === 8 || path[8] === "/");
}

export interface AdminApiOptions {
  store: PlantStore;
  faults: FaultInjector;
  journal: RequestJournal;
  maxBodyBytes: number;
  /** The admin token; `undefined` leaves the endpoints open. */
  token: string | undefined;
  /** Every accepted token (API and admin): never echoed in a message. */
  secrets: readonly string[];
  /** Resolves once the store's changes are durable (persistence). */
  commit?: () => Promise<void>;
}

/** A plant as the admin API shows it: its id and whether every token sees it, never its owner. */
export interface AdminPlant {
  id: number;
  name: string;
  tag?: string;
  public: boolean;
}

type Endpoint = (request: CoreRequest) => Promise<CoreAnswer>;
type Methods = Partial<Record<string, Endpoint>>;

export function createAdminApi(
  options: AdminApiOptions,
): (request: CoreRequest) => Promise<CoreAnswer> {
  const { store, faults, journal, maxBodyBytes, commit } = options;
  const authenticate = createAdminAuth(options.token);

  /** Answers once the store's change is saved (with a data file), as a create does. */
  async function durable(answer: CoreAnswer): Promise<CoreAnswer> {
    if (commit !== undefined) await commit();
    return answer;
  }

  const routes: Record<string, Methods> = {
    [`${ADMIN_PREFIX}/reset`]: {
      POST: async () => {
        store.reset();
        faults.clearFaults();
        journal.clear();
        return durable(adminNoContent());
      },
    },
    [`${ADMIN_PREFIX}/faults`]: {
      POST: async (request) => {
        const body = await readAdminJson(request, maxBodyBytes);
        if (!body.ok) return body.answer;
        const parsed = parseFaultBody(body.value);
        if (!parsed.ok) return adminError(400, parsed.message);
        const { operation, failure, delay } = parsed.fault;
        try {
          faults.addFault(operation, failure, delay);
        } catch (error) {
          // The injector's TypeError or RangeError, naming the field.
          return adminError(400, (error as Error).message);
        }
        return adminNoContent();
      },
      DELETE: async () => {
        faults.clearFaults();
        return adminNoContent();
      },
    },
    [`${ADMIN_PREFIX}/requests`]: {
      GET: async () => adminJson(200, journal.entries()),
      DELETE: async () => {
        journal.clear();
        return adminNoContent();
      },
    },
    [`${ADMIN_PREFIX}/plants`]: {
      GET: async () => adminJson(200, store.entries().map(toAdminPlant)),
      PUT: async (request) => {
        const body = await readAdminJson(request, maxBodyBytes);
        if (!body.ok) return body.answer;
        const parsed = parsePlantsBody(body.value);
        if (!parsed.ok) return adminError(400, parsed.message);
        store.load(parsed.entries);
        return durable(adminJson(200, store.entries().map(toAdminPlant)));
      },
    },
  };
  const endpointList = Object.keys(routes).join(", ");

  return async (request) => {
    if (options.token === undefined) {
      const refusal = openAdminRefusal(request);
      if (refusal !== undefined) return adminError(403, refusal);
    } else {
      const auth = authenticate(request.header("authorization"));
      if (!auth.ok) {
        return adminError(401, auth.message, { "www-authenticate": ADMIN_WWW_AUTHENTICATE });
      }
    }
    const methods = Object.hasOwn(routes, request.path) ? routes[request.path] : undefined;
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
    return endpoint(request);
  };
}

function toAdminPlant(plant: StoredPlant): AdminPlant {
  const { id, name, tag, owner } = plant;
  return tag === undefined
    ? { id, name, public: owner === null }
    : { id, name, tag, public: owner === null };
}
