// When the core answers with the landing page: `GET /` (or HEAD) from a browser, before
// authentication, because a browser has no token. Every other request to `/` gets the API's
// answer (401 without credentials, else 404), so API clients see no difference.
import type { CoreAnswer, CoreRequest } from "../../contract/core-exchange.js";
import type { RequestStep } from "../steps/core-step.js";

/** A landing page made by `createLandingPage()`, for the fetch handler's `landingPage` option. */
export interface LandingPage {
  /**
   * The page's HTML for a request that named `host` (its Host header), the API under
   * `basePath`; `admin`: the admin endpoints are on, so the page lists them.
   */
  render(host: string | null, basePath: string, admin?: boolean): string;
}

// Everything on the page comes from the document or the page's own inline code; its script
// may only call this origin, and nothing may embed the page.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": CONTENT_SECURITY_POLICY,
  // `/` answers JSON to API clients and HTML to browsers.
  vary: "Accept",
  "cache-control": "no-cache",
};

/** The core's step for the page: `GET /` from a browser, before authentication. */
export function landingPageStep(page: LandingPage, basePath: string, admin: boolean): RequestStep {
  return {
    takes: wantsLandingPage,
    answer: (request) => landingPageAnswer(page, request, basePath, admin),
  };
}

export function wantsLandingPage(request: CoreRequest): boolean {
  if (request.path !== "/" || (request.method !== "GET" && request.method !== "HEAD")) {
    return false;
  }
  return request.header("accept")?.toLowerCase().includes("text/html") ?? false;
}

export function landingPageAnswer(
  page: LandingPage,
  request: CoreRequest,
  basePath: string,
  admin: boolean,
): CoreAnswer {
  const body = page.render(request.header("host"), basePath, admin);
  return { status: 200, headers: HEADERS, body };
}

export function checkLandingPage(value: unknown): LandingPage | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value === "object" &&
    value !== null &&
    typeof (value as LandingPage).render === "function"
  ) {
    return value as LandingPage;
  }
  throw new TypeError("landingPage must be a page made by createLandingPage().");
}
