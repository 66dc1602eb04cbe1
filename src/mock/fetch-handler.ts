// The one request handler of the reference server: web-standard Request -> Response,
// runtime-neutral (no Node built-ins, no msw). MSW and the Node server both wrap it.
// Checks run in the contract's order: preflight, auth, route, fault scenarios, then the
// operation (content type, size, body/query, uniqueness).
import { createBearerAuth, WWW_AUTHENTICATE, WWW_AUTHENTICATE_INVALID } from "./bearer-auth.js";
import { corsResponseHeaders, preflightResponse } from "./cors.js";
import { createFaultInjector, type FaultInjector } from "./faults.js";
import { parseLimitParam } from "./limit-param.js";
import { parseNewPlant } from "./new-plant-body.js";
import { plantJson, plantsJson } from "./plant-json.js";
import { readBodyText } from "./request-body.js";
import { errorResponse, type HeaderRecord, jsonResponse } from "./responses.js";
import { createPlantStore } from "./store.js";
import type {
  PlantStoreFetchHandler,
  PlantStoreHandlerOptions,
  PlantStoreOperation,
} from "./types.js";

const DEFAULT_MAX_BODY_BYTES = 1_048_576;
const ALLOW = { allow: "GET, POST" };

/**
 * The reference server as a fetch handler, `(request: Request) => Promise<Response>`. It uses
 * neither msw nor a Node built-in, so it runs in a service worker, Deno, Bun or an edge
 * function, and can be the SDK's `fetch`.
 */
export function createPlantStoreFetchHandler(
  options: PlantStoreHandlerOptions = {},
): PlantStoreFetchHandler {
  const store = options.store ?? createPlantStore({ seed: options.seed });
  const createStatus = options.createStatus ?? 201;
  if (createStatus !== 200 && createStatus !== 201) {
    throw new RangeError("createStatus must be 200 or 201.");
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) {
    throw new RangeError("maxBodyBytes must be a positive integer.");
  }
  const corsOrigin = options.corsOrigin === undefined ? "*" : options.corsOrigin;
  const plantsPath = `${normaliseBasePath(options.basePath ?? "")}/plants`;
  const authenticate = createBearerAuth(options.tokens);
  const faults = createFaultInjector();
  const headers: HeaderRecord = corsResponseHeaders(corsOrigin);
  const jsonHeaders: HeaderRecord = { "content-type": "application/json", ...headers };
  const errors = {
    notFound: `The request path is not part of the Plant Store API; use ${plantsPath}.`,
    tooLarge: `The request body is larger than the ${maxBodyBytes}-byte limit.`,
  };

  async function handle(request: Request): Promise<Response> {
    if (corsOrigin !== null && request.method === "OPTIONS") return preflightResponse(corsOrigin);

    const auth = authenticate(request.headers.get("authorization"));
    if (!auth.ok) {
      const challenge = auth.invalidToken ? WWW_AUTHENTICATE_INVALID : WWW_AUTHENTICATE;
      return errorResponse(401, auth.message, jsonHeaders, { "www-authenticate": challenge });
    }

    const { pathname, search } = splitUrl(request.url);
    if (pathname !== plantsPath) return errorResponse(404, errors.notFound, jsonHeaders);
    const method = request.method;
    if (method !== "GET" && method !== "POST") {
      const message = `The ${method} method is not allowed on ${plantsPath}; use GET or POST.`;
      return errorResponse(405, message, jsonHeaders, ALLOW);
    }

    const operation: PlantStoreOperation = method === "GET" ? "listPlants" : "createPlant";
    const scenario = await applyScenario(faults, operation, jsonHeaders);
    if (scenario !== undefined) return scenario;

    if (operation === "listPlants") {
      const limit = parseLimitParam(search);
      if (!limit.ok) return errorResponse(400, limit.message, jsonHeaders);
      return jsonResponse(200, plantsJson(store.list(auth.token, limit.limit)), jsonHeaders);
    }
    return createPlant(request, auth.token);
  }

  async function createPlant(request: Request, owner: string): Promise<Response> {
    if (!isJsonContentType(request.headers.get("content-type"))) {
      const message = "The Content-Type header must be application/json or another +json type.";
      return errorResponse(415, message, jsonHeaders);
    }
    const body = await readBodyText(request, maxBodyBytes);
    if (!body.ok) {
      return body.reason === "too-large"
        ? errorResponse(413, errors.tooLarge, jsonHeaders)
        : errorResponse(400, "The request body is not valid UTF-8.", jsonHeaders);
    }
    const input = parseNewPlant(body.text);
    if (!input.ok) return errorResponse(400, input.message, jsonHeaders);
    const created = store.create(owner, input.plant);
    if (!created.ok) {
      return errorResponse(409, `id ${created.id} is already in the store.`, jsonHeaders);
    }
    return jsonResponse(createStatus, plantJson(created.plant), jsonHeaders);
  }

  return Object.assign(handle, {
    store,
    failNext: faults.failNext,
    delayNext: faults.delayNext,
    clearFaults: faults.clearFaults,
  });
}

/** Runs a pending delay, then answers a pending failure if there is one. */
async function applyScenario(
  faults: FaultInjector,
  operation: PlantStoreOperation,
  jsonHeaders: HeaderRecord,
): Promise<Response | undefined> {
  const delay = faults.takeDelay(operation);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const failure = faults.takeFailure(operation);
  if (failure === undefined) return undefined;
  return errorResponse(failure.status, failure.message, jsonHeaders, failure.headers);
}

/**
 * `request.url` is already parsed and serialised by the Request (dot segments resolved, no
 * fragment), so slicing it gives what `new URL()` would, without a second parse per request.
 */
function splitUrl(url: string): { pathname: string; search: string } {
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  if (pathStart === -1) return { pathname: "/", search: "" };
  const query = url.indexOf("?", pathStart);
  return query === -1
    ? { pathname: url.slice(pathStart), search: "" }
    : { pathname: url.slice(pathStart, query), search: url.slice(query) };
}

/** `application/json` or any `type/subtype+json`, parameters such as charset allowed. */
function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(";");
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (mediaType === "application/json") return true;
  const slash = mediaType.indexOf("/");
  return slash > 0 && mediaType.endsWith("+json") && mediaType.length > slash + "+json".length + 1;
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  if (trimmed === "" || trimmed.startsWith("/")) return trimmed;
  return `/${trimmed}`;
}
