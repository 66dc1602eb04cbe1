// The answers every admin endpoint gives, and the endpoints of one world (the global store,
// faults and journal, or a sandbox's): reset, faults, responses, chaos, requests, violations,
// coverage, plants.

import type { CoreAnswer, CoreRequest, HeaderRecord } from "../../contract/core-exchange.js";
import type { components } from "../../contract/generated/openapi-admin.js";
import {
  FILTER_STATUS_RULE,
  isFilterStatus,
  isOperation,
  NO_OPERATION,
  OPERATIONS,
  type RequestFilter,
} from "../../contract/journal-entries.js";
import { checkPactOptions, type PactOptions } from "../../contract/pact-document.js";
import type { StoredPlant } from "../../contract/plant-types.js";
import { errorAnswer } from "../http/json-answers.js";
import type { World } from "../world/world.js";
import {
  parseChaosBody,
  parseFaultBody,
  parsePlantsBody,
  parseResponseBody,
  readAdminBody,
} from "./admin-bodies.js";

export const ADMIN_PREFIX = "/__admin";

/** A plant as the admin API shows it: its id and whether every token sees it, never its owner. */
export type AdminPlant = components["schemas"]["StoredPlant"];

type Endpoint = (request: CoreRequest) => Promise<CoreAnswer>;
export type Methods = Partial<Record<string, Endpoint>>;

/** reset, faults, requests and plants of one world: the global one or a sandbox's. */
export function worldRoutes(
  prefix: string,
  world: World,
  durable: (answer: CoreAnswer) => Promise<CoreAnswer>,
  maxBodyBytes: number,
): Record<string, Methods> {
  const { store, faults, journal } = world;
  return {
    [`${prefix}/reset`]: {
      POST: async () => {
        world.reset();
        return durable(adminNoContent());
      },
    },
    [`${prefix}/faults`]: {
      POST: async (request) => {
        const parsed = await readAdminBody(request, maxBodyBytes, parseFaultBody);
        if (!parsed.ok) return adminError(parsed.status, parsed.message);
        return refusedAs400(() => faults.addFault(parsed.value.operation, parsed.value));
      },
      DELETE: async () => {
        faults.clearFaults();
        return adminNoContent();
      },
    },
    [`${prefix}/responses`]: {
      POST: async (request) => {
        const parsed = await readAdminBody(request, maxBodyBytes, parseResponseBody);
        if (!parsed.ok) return adminError(parsed.status, parsed.message);
        return refusedAs400(() => faults.addResponse(parsed.value.operation, parsed.value.answer));
      },
    },
    [`${prefix}/chaos`]: {
      PUT: async (request) => {
        const parsed = await readAdminBody(request, maxBodyBytes, parseChaosBody);
        if (!parsed.ok) return adminError(parsed.status, parsed.message);
        return refusedAs400(() => faults.setChaos(parsed.value));
      },
      DELETE: async () => {
        faults.setChaos(null);
        return adminNoContent();
      },
    },
    [`${prefix}/requests`]: {
      GET: async (request) => filtered(request, (filter) => journal.entries(filter)),
      DELETE: async () => {
        journal.clear();
        return adminNoContent();
      },
    },
    [`${prefix}/violations`]: {
      GET: async (request) => filtered(request, (filter) => journal.entries(filter, true)),
    },
    [`${prefix}/coverage`]: {
      GET: async () => adminJson(200, journal.coverage()),
      DELETE: async () => {
        journal.clearCoverage();
        return adminNoContent();
      },
    },
    [`${prefix}/pact`]: {
      GET: async (request) => {
        const options = parsePactQuery(request.search);
        return typeof options === "string"
          ? adminError(400, options)
          : adminJson(200, journal.toPact(options));
      },
    },
    [`${prefix}/plants`]: {
      GET: async () => adminJson(200, store.entries().map(toAdminPlant)),
      PUT: async (request) => {
        const parsed = await readAdminBody(request, maxBodyBytes, parsePlantsBody);
        if (!parsed.ok) return adminError(parsed.status, parsed.message);
        store.load(parsed.value);
        return durable(adminJson(200, store.entries().map(toAdminPlant)));
      },
    },
  };
}

/** The journal's entries that match the request's filter, or the 400 naming its parameter. */
function filtered(request: CoreRequest, list: (filter: RequestFilter) => unknown): CoreAnswer {
  const filter = parseFilterQuery(request.search);
  return typeof filter === "string" ? adminError(400, filter) : adminJson(200, list(filter));
}

/**
 * `?operation=createPlant&status=400` (`operation=none`: the requests of no operation) as a
 * filter, or the message of a 400. Names are not echoed: a client may have put a token there.
 */
function parseFilterQuery(search: string): RequestFilter | string {
  const filter: RequestFilter = {};
  const params = new URLSearchParams(search);
  for (const name of new Set(params.keys())) {
    if (name !== "operation" && name !== "status") {
      return "The only query parameters are operation and status.";
    }
    if (params.getAll(name).length > 1) return `${name} must be given at most once.`;
  }
  const operation = params.get("operation");
  if (operation !== null) {
    if (operation !== NO_OPERATION && !isOperation(operation)) {
      return `operation must be ${OPERATIONS.join(", ")} or ${NO_OPERATION}.`;
    }
    filter.operation = operation === NO_OPERATION ? null : operation;
  }
  const status = params.get("status");
  if (status !== null) {
    // Digits only: Number() would also take " 200", "2e2", "0x0C8" or "00".
    if (!/^(?:0|[1-9][0-9]{2})$/.test(status) || !isFilterStatus(Number(status))) {
      return `status must be ${FILTER_STATUS_RULE}.`;
    }
    filter.status = Number(status);
  }
  return filter;
}

/**
 * `?consumer=plant-web&provider=plant-store` as the pact's parties, or the message of a 400: the
 * sentence toPact() throws. Names are not echoed: a client may have put a token there.
 */
function parsePactQuery(search: string): PactOptions | string {
  const params = new URLSearchParams(search);
  for (const name of new Set(params.keys())) {
    if (name !== "consumer" && name !== "provider") {
      return "The only query parameters are consumer and provider.";
    }
    if (params.getAll(name).length > 1) return `${name} must be given at most once.`;
  }
  try {
    return checkPactOptions(
      {
        consumer: params.get("consumer") ?? undefined,
        provider: params.get("provider") ?? undefined,
      },
      "",
    );
  } catch (error) {
    return (error as Error).message;
  }
}

/** Sets a scenario: 204, or the injector's TypeError or RangeError (naming the field) as a 400. */
function refusedAs400(set: () => void): CoreAnswer {
  try {
    set();
  } catch (error) {
    return adminError(400, (error as Error).message);
  }
  return adminNoContent();
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

export function adminJson(status: number, value: unknown): CoreAnswer {
  return { status, headers: JSON_HEADERS, body: JSON.stringify(value) };
}

export function adminNoContent(): CoreAnswer {
  return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
}

export function adminError(status: number, message: string, extra?: HeaderRecord): CoreAnswer {
  return errorAnswer(status, message, JSON_HEADERS, extra);
}
