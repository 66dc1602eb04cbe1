// A proxy forwards; it does not script: on a shadow proxy every way to set a scenario or open a
// sandbox is refused when it is set (a TypeError in process, a 400 over HTTP, the admin
// client's error), saying why, while clearing and reset stay accepted for a suite's shared
// afterEach.
import { describe, expect, it } from "vitest";
import { createPlantStoreAdmin, PlantStoreAdminError } from "../../src/admin/index.js";
import type { PlantStoreServer } from "../../src/server/index.js";
import { adminCall } from "../mock/admin-api/support/admin-call.js";
import { startDeployment } from "./support/fake-deployment.js";
import { useShadowProxy } from "./support/shadow-fixture.js";

const proxies = useShadowProxy();
const WHY =
  "a shadow proxy passes the deployment's answers on; it scripts none and has no sandboxes.";

describe("a shadow proxy refuses scripts and sandboxes", () => {
  it.each<[string, (proxy: PlantStoreServer) => unknown]>([
    ["failNext", (proxy) => proxy.failNext("listPlants", { status: 503 })],
    ["respondNext", (proxy) => proxy.respondNext("listPlants", { status: 200, body: [] })],
    ["respondWith", (proxy) => proxy.respondWith("listPlants", () => ({ status: 200, body: [] }))],
    ["delayNext", (proxy) => proxy.delayNext("createPlant", 100)],
    ["breakNext", (proxy) => proxy.breakNext("listPlants", "network-error")],
    ["chaos", (proxy) => proxy.chaos({ seed: 1, rate: 0.5, failures: ["network-error"] })],
    ["createSandbox", (proxy) => proxy.createSandbox()],
  ])("in process: %s throws a TypeError saying why", async (verb, call) => {
    const proxy = await proxies.start(await startDeployment());
    expect(() => call(proxy)).toThrow(new TypeError(`${verb} is refused: ${WHY}`));
  });

  it.each([
    ["POST", "/__admin/faults", { operation: "listPlants", status: 503 }],
    ["POST", "/__admin/responses", { operation: "listPlants", status: 200, body: [] }],
    ["PUT", "/__admin/chaos", { seed: 1, rate: 0.5, failures: ["network-error"] }],
    ["POST", "/__admin/sandboxes", {}],
  ])("over HTTP: %s %s answers 400 saying why", async (method, path, body) => {
    const proxy = await proxies.start(await startDeployment());
    const answer = await adminCall(new URL(proxy.url).origin, method, path, { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 400, message: `${method} ${path} is refused: ${WHY}` });
  });

  it("through the admin client: its error, with the server's message", async () => {
    const proxy = await proxies.start(await startDeployment());
    const admin = createPlantStoreAdmin({ baseUrl: proxy.url });
    const refused = admin.failNext("listPlants", { status: 503 });
    await expect(refused).rejects.toBeInstanceOf(PlantStoreAdminError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: `POST ${new URL(proxy.url).origin}/__admin/faults answered 400: POST /__admin/faults is refused: ${WHY}`,
    });
    await expect(admin.createSandbox()).rejects.toMatchObject({ status: 400 });
  });

  it("accepts clearFaults() and reset(), in process and over HTTP", async () => {
    const proxy = await proxies.start(await startDeployment());
    proxy.clearFaults();
    proxy.reset();
    const admin = createPlantStoreAdmin({ baseUrl: proxy.url });
    await admin.clearFaults();
    await admin.reset();
    const origin = new URL(proxy.url).origin;
    expect((await adminCall(origin, "DELETE", "/__admin/chaos")).status).toBe(204);
  });

  it("never forwards a sandbox token: it answers 401 itself", async () => {
    const deployment = await startDeployment();
    const proxy = await proxies.start(deployment);
    const token = `psb_${"A".repeat(22)}`;
    const answer = await fetch(`${proxy.url}/plants`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      'Bearer realm="plant-store", error="invalid_token"',
    );
    expect(await answer.json()).toEqual({
      error: 401,
      message:
        "The bearer token in the Authorization header is a sandbox token (psb_...), which a shadow proxy never forwards: it has no sandboxes; send the deployment's own token.",
    });
    expect(deployment.received).toEqual([]);
    expect(JSON.stringify(proxy.requests())).not.toContain(token);
  });
});
