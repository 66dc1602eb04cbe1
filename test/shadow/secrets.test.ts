// Secrets stay home: the proxy's own admin token is never forwarded (a request carrying it to
// an API path is refused here, saying why), and the tokens it did forward, which it remembers
// to hide, are a bounded set whose look-ups do not grow with it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSecretTokens } from "../../src/mock/journal/redaction.js";
import { createForwardedTokens, REMEMBERED_TOKENS } from "../../src/shadow/forwarded-tokens.js";
import { startDeployment } from "./support/fake-deployment.js";
import { useShadowProxy } from "./support/shadow-fixture.js";

const proxies = useShadowProxy();
const ADMIN_TOKEN = "the-proxys-admin-token-0123";

describe("the proxy's admin token", () => {
  it("is refused on an API path with a 401 saying why, and never reaches the deployment", async () => {
    const deployment = await startDeployment();
    const proxy = await proxies.start(deployment, { admin: { token: ADMIN_TOKEN } });
    const answer = await fetch(`${proxy.url}/plants?limit=1`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      'Bearer realm="plant-store", error="invalid_token"',
    );
    expect(await answer.json()).toEqual({
      error: 401,
      message:
        "The bearer token in the Authorization header is this proxy's admin token, which is never forwarded; send the deployment's own token.",
    });
    expect(deployment.received).toEqual([]);
    expect(proxy.shadowSummary()?.forwarded).toBe(0);
    expect(proxy.requests()).toMatchObject([{ status: 401, path: "/plants" }]);
  });
});

describe("the forwarded tokens remembered", () => {
  it(`keep the most recently forwarded only (${REMEMBERED_TOKENS} of them)`, () => {
    const tokens = createForwardedTokens(3);
    for (const token of ["token-one-0001", "token-two-0002", "token-three-03"]) {
      tokens.remember(token);
    }
    // Forwarded again: the most recent now, so the next one pushes out the second instead.
    tokens.remember("token-one-0001");
    tokens.remember("token-four-0004");
    expect(tokens.secrets.holds("token-one-0001")).toBe(true);
    expect(tokens.secrets.holds("token-two-0002")).toBe(false);
    expect(tokens.secrets.holds("/plants/token-three-03")).toBe(true);
    expect(tokens.secrets.holds("token-four-0004")).toBe(true);
  });

  it("find a token where the configured tokens' rule finds one (whole, or inside text once 8 long)", () => {
    const token = fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,14}$/);
    fc.assert(
      fc.property(fc.array(token, { maxLength: 6 }), fc.string({ maxLength: 30 }), (list, text) => {
        const forwarded = createForwardedTokens();
        for (const each of list) forwarded.remember(each);
        const configured = createSecretTokens(list);
        const texts = [text, ...list, ...list.map((each) => `/x/${each}?q=${text}`)];
        for (const shown of texts) {
          expect(forwarded.secrets.holds(shown)).toBe(configured.holds(shown));
          expect(forwarded.secrets.appearsIn(shown)).toBe(configured.appearsIn(shown));
        }
      }),
    );
  });
});
