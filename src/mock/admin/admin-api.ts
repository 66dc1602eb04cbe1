// The admin endpoints under /__admin/ (WireMock's convention), for end-to-end suites that
// drive the server from another process: reset, faults, the request journal, the store.
// Checks run in the API's order: admin token (401), or without one the browser guard (403),
// then route (404), method (405 with Allow), then the body (415, 413, 400). A refused
// request changes nothing.
import type { components } from "../../contract/generated/openapi-admin.js";
import { errorAnswer } from "../answers.js";
import type { CoreAnswer, CoreRequest, HeaderRecord } from "../core-types.js";
import type { FaultInjector } from "../faults.js";
import type { RequestJournal } from "../journal.js";
import { CONTENT_TYPE_MESSAGE, isJsonContentType } from "../request-input.js";
import { redactWord } from "../tokens.js";
import type { PlantStore, StoredPlant } from "../types.js";
import { ADMIN_WWW_AUTHENTICATE, createAdminAuth, openAdminRefusal } from "./admin-access.js";
import { parseFaultBody, parsePlantsBody, readAdminBody } from "./admin-bodies.js";

export const ADMIN_PREFIX = "/__admin";
const BODY_METHODS = new Set(["POST", "PUT"]);

export function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) && (path.length === 8 || path[8] === "/");
}

interface AdminApiOptions {
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
export type AdminPlant = components["schemas"]["StoredPlant"];

type Endpoint = (request: CoreRequest) => Promise<CoreAnswer>;
type Methods = Partial<Record<string, Endpoint>>;

export function createAdminApi(
  options: AdminApiOptions,
): (request: CoreRequest) => Promise<CoreAnswer> {
  const { store, faults, journal, maxBodyBytes, commit } = options;
  const authenticate = options.token === undefined ? undefined : createAdminAuth(options.token);

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
        const parsed = await readAdminBody(request, maxBodyBytes, parseFaultBody);
        if (!parsed.ok) return adminError(parsed.status, parsed.message);
        const { operation, failure, delay } = parsed.value;
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
        const parsed = await readAdminBody(request, maxBodyBytes, parsePlantsBody);
        if (!parsed.ok) return adminError(parsed.status, parsed.message);
        store.load(parsed.value);
        return durable(adminJson(200, store.entries().map(toAdminPlant)));
      },
    },
  };
  const endpointList = Object.keys(routes).join(", ");

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

// Admin answers carry no CORS headers on purpose: a page on another origin must not read
// the journal or the store through a visitor's browser.
const JSON_HEADERS: HeaderRecord = {
  "content-type": "application/json",
  "cache-control": "no-store",
};

function adminJson(status: number, value: unknown): CoreAnswer {
  return { status, headers: JSON_HEADERS, body: JSON.stringify(value) };
}

function adminNoContent(): CoreAnswer {
  return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
}

function adminError(status: number, message: string, extra?: HeaderRecord): CoreAnswer {
  return errorAnswer(status, message, JSON_HEADERS, extra);
}
