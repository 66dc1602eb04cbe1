// An app whose baseUrl misses the set's prefix (it calls https://api.example.com/plants, the
// set serves https://api.example.com/v1) would otherwise meet only MSW's unhandled-request
// error, which names no base URL. The set answers such a request with a 404 that names the
// base URL it serves, unless the path is under a prefix some handler set serves.
import { HttpHandler, HttpResponse, type RequestHandler } from "msw";
import { corsResponseHeaders } from "../mock/http/cors.js";
import { errorBody } from "../mock/http/json-answers.js";
import { plantsOnOriginRoute } from "./claimed-routes.js";

// The prefixes handler sets were created for, by origin, for the life of this module. A
// set's mismatch answer must step aside for another set's requests whichever is listed
// first, and MSW shows a handler no other handler, so the sets tell each other here. It holds
// prefixes, not the sets: it grows with the distinct base URLs a program uses, not with the
// number of sets a test suite creates.
const prefixesByOrigin = new Map<string, Set<string>>();

/**
 * The handler listed after the set's own route: it answers `{origin}/.../plants` when the path
 * is under no prefix registered for the origin (the set's own included). It never reaches the
 * core, so the request is not journaled (the API never saw it), and the message never
 * repeats the request's path or query, which may hold a token.
 */
export function baseUrlMismatchHandler(
  origin: string,
  prefix: string,
  corsOrigin: string | null,
): RequestHandler {
  let prefixes = prefixesByOrigin.get(origin);
  if (prefixes === undefined) {
    prefixes = new Set();
    prefixesByOrigin.set(origin, prefixes);
  }
  prefixes.add(prefix);
  const served = prefixes;
  const headers = { "content-type": "application/json", ...corsResponseHeaders(corsOrigin) };
  // A HEAD answer carries no body, as from the core.
  return new MismatchHandler(plantsOnOriginRoute(origin), prefixes, ({ request }) => {
    const body = errorBody(404, mismatchMessage([...served].map((path) => origin + path)));
    return new HttpResponse(request.method === "HEAD" ? null : body, { status: 404, headers });
  });
}

/** Names every base URL the handler sets serve on the origin, so the app's can be told apart. */
function mismatchMessage(baseUrls: readonly string[]): string {
  const [only] = baseUrls;
  if (baseUrls.length === 1 && only !== undefined) {
    return `The request is not under the Plant Store's base URL ${only}; send it to ${only}/plants (check the client's baseUrl).`;
  }
  const listed = baseUrls.join(", ");
  return `The request is not under any Plant Store base URL of its origin (${listed}); send it to one of them followed by /plants (check the client's baseUrl).`;
}

/**
 * `http.all(route)` that does not match a path under a registered prefix. A resolver that
 * returned nothing would not do: MSW counts a request a matching handler left unanswered as
 * handled and sends it to the network instead of to `onUnhandledRequest`. `parse` is where
 * every msw from 2.0 to 3 decides whether the route matches.
 */
class MismatchHandler extends HttpHandler {
  readonly #prefixes: ReadonlySet<string>;

  constructor(
    route: RegExp,
    prefixes: ReadonlySet<string>,
    resolver: ConstructorParameters<typeof HttpHandler>[2],
  ) {
    super(/.+/, route, resolver);
    this.#prefixes = prefixes;
  }

  override async parse(args: Parameters<HttpHandler["parse"]>[0]) {
    const parsed = await super.parse(args);
    const path = new URL(args.request.url).pathname;
    for (const prefix of this.#prefixes) {
      if (isUnder(path, prefix)) return { ...parsed, match: { matches: false, params: {} } };
    }
    return parsed;
  }
}

/** `/v1/plants` is under `/v1`; `/v10/plants` is not; every path is under `""`. */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
