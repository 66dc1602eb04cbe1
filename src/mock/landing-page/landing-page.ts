// The landing page a browser gets at `/`: what this API is and how to call it, read from
// openapi.yaml, with a live try-it. Separate from the core so that a bundle that does not
// ask for the page (MSW in a browser, say) does not carry it.

import { BEARER_TOKEN_RULE, isBearerToken } from "../../contract/bearer-token.js";
import { checkOptionNames } from "../../contract/option-names.js";
import { type ApiDescription, describeApi } from "./api-description.js";
import type { LandingPage } from "./landing-page-route.js";
import { renderPage } from "./render-page.js";

/** Options of {@link createLandingPage}. */
export interface LandingPageOptions {
  /**
   * A token to show and prefill, for a server that accepts the public demo token. Never
   * pass a real token: the page is served to anyone, before authentication.
   */
  demoToken?: string | undefined;
}

/**
 * The HTML landing page for `GET /` from a browser: the API's operations, parameters,
 * statuses and schemas from openapi.yaml, curl lines and a live try-it. Pass it as the
 * fetch handler's `landingPage` option (the standalone server has it on by default).
 */
export function createLandingPage(options: LandingPageOptions = {}): LandingPage {
  checkOptionNames(options, { demoToken: true });
  const demoToken = options.demoToken;
  if (demoToken !== undefined && !isBearerToken(demoToken)) {
    throw new TypeError(`demoToken must be ${BEARER_TOKEN_RULE}.`);
  }
  let api: ApiDescription | undefined;
  return {
    render(host, basePath, admin = false) {
      api ??= describeApi();
      const baseUrl = `http://${host ?? "localhost"}${basePath}`;
      return renderPage({ api, baseUrl, basePath, demoToken, admin });
    },
  };
}
