// The landing page a browser gets at `/`: what this API is and how to call it, read from
// openapi.yaml, with a live try-it. Separate from the core so that a bundle that does not
// ask for the page (MSW in a browser, say) does not carry it.
import type { CoreAnswer, CoreRequest } from "../core-types.js";
import { checkOptionNames } from "../handler-options.js";
import { BEARER_TOKEN_RULE, isBearerToken } from "../tokens.js";
import { type ApiDescription, describeApi } from "./api-description.js";
import type { LandingPage } from "./landing-page-route.js";
import { renderPage } from "./render-page.js";

export interface LandingPageOptions {
  /**
   * A token to show and prefill, for a server that accepts the public demo token. Never
   * pass a real token: the page is served to anyone, before authentication.
   */
  demoToken?: string;
}

// Everything on the page comes from the document or this page's own files; the script may
// only call this origin, and nothing may embed the page.
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

export function createLandingPage(options: LandingPageOptions = {}): LandingPage {
  checkOptionNames(options, { demoToken: true });
  const demoToken = options.demoToken;
  if (demoToken !== undefined && !isBearerToken(demoToken)) {
    throw new TypeError(`demoToken must be ${BEARER_TOKEN_RULE}.`);
  }
  let api: ApiDescription | undefined;
  return {
    answer(request: CoreRequest, basePath: string): CoreAnswer {
      api ??= describeApi();
      const baseUrl = `http://${request.header("host") ?? "localhost"}${basePath}`;
      return {
        status: 200,
        headers: HEADERS,
        body: renderPage({ api, baseUrl, basePath, demoToken }),
      };
    },
  };
}
