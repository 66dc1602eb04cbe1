// Nothing invented: a difference is reported only where the contract decides the answer from
// the request alone, so a faithful deployment is never blamed for its data, its set-up, this
// mock's conveniences or a request the proxy answered itself.
import { describe, expect, it } from "vitest";
import { startDeployment } from "./support/fake-deployment.js";
import { send, useShadowProxy } from "./support/shadow-fixture.js";

const proxies = useShadowProxy();

describe("the shadow proxy reports no difference the request alone does not decide", () => {
  it("takes a 409 for an id as the deployment's data, and its reference forgets the create", async () => {
    const deployment = await startDeployment({}, { seed: [{ name: "Ivy", id: 7 }] });
    const proxy = await proxies.start(deployment);
    expect((await send(proxy, "POST", "/plants", { id: 7, name: "Fern" })).status).toBe(409);
    // The reference stored it (its store has no id 7) and takes it back out: no list expects it.
    expect((await send(proxy, "GET", "/plants")).status).toBe(200);
    expect(proxy.shadowSummary()).toMatchObject({ forwarded: 2, violations: [], divergences: [] });
  });

  it("does not show the reference the request's Prefer, this mock's convenience", async () => {
    const proxy = await proxies.start(await startDeployment());
    const listed = await send(proxy, "GET", "/plants", undefined, { prefer: "code=500" });
    expect(listed.status).toBe(200);
    expect(proxy.shadowSummary()?.divergences).toEqual([]);
  });

  it("takes the deployment's own body limit (413) and its failures (5xx) as its set-up", async () => {
    const proxy = await proxies.start(
      await startDeployment({}, { maxBodyBytes: 16, seed: [{ name: "Ivy" }] }),
    );
    const tooLarge = await send(proxy, "POST", "/plants", { name: "A name longer than 16 bytes" });
    expect(tooLarge.status).toBe(413);
    expect(proxy.shadowSummary()?.divergences).toEqual([]);

    const failing = await proxies.start(
      await startDeployment({
        answer: () =>
          new Response(JSON.stringify({ error: 503, message: "Down for maintenance." }), {
            status: 503,
            headers: { "content-type": "application/json" },
          }),
      }),
    );
    expect((await send(failing, "GET", "/plants")).status).toBe(503);
    expect(failing.shadowSummary()).toMatchObject({ violations: [], divergences: [] });
  });

  it("answers a path outside --base-path itself, with the server's 404, and never forwards it", async () => {
    const deployment = await startDeployment();
    const proxy = await proxies.start(deployment, { basePath: "/api" });
    const origin = new URL(proxy.url).origin;
    const outside = await fetch(`${origin}/plants`, {
      headers: { authorization: "Bearer deployment-token-0123456789" },
    });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({
      error: 404,
      message: "The request path is not part of the Plant Store API; use /api/plants.",
    });
    expect(deployment.received).toEqual([]);
    expect(proxy.shadowSummary()).toMatchObject({ forwarded: 0, violations: [], divergences: [] });
    expect(proxy.requests()).toMatchObject([{ path: "/plants", status: 404, operation: null }]);
  });

  it("forwards the base path itself as the deployment's base", async () => {
    const deployment = await startDeployment({}, { basePath: "/v1" });
    const proxy = await proxies.start(deployment, { basePath: "/api" });
    await fetch(`${proxy.url}`, {
      headers: { authorization: "Bearer deployment-token-0123456789" },
    });
    expect(deployment.received).toEqual(["GET /v1/"]);
  });
});
