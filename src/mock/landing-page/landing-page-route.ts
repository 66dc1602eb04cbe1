// When the core answers with the landing page: `GET /` (or HEAD) from a browser, before
// authentication, because a browser has no token. Every other request to `/` gets the API's
// answer (401 without credentials, else 404), so API clients see no difference.
import type { CoreAnswer, CoreRequest } from "../core-types.js";

/** What `createLandingPage()` returns; the core asks it for the page. */
export interface LandingPage {
  /** The HTML answer for `request`, the API living under `basePath`. */
  answer(request: CoreRequest, basePath: string): CoreAnswer;
}

export function wantsLandingPage(request: CoreRequest): boolean {
  if (request.path !== "/" || (request.method !== "GET" && request.method !== "HEAD")) {
    return false;
  }
  return request.header("accept")?.toLowerCase().includes("text/html") ?? false;
}

export function checkLandingPage(value: unknown): LandingPage | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value === "object" &&
    value !== null &&
    typeof (value as LandingPage).answer === "function"
  ) {
    return value as LandingPage;
  }
  throw new TypeError("landingPage must be a page made by createLandingPage().");
}
