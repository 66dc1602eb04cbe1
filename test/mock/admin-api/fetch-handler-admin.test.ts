// The admin endpoints and the landing page come from the core, so a fetch handler (Bun, Deno,
// Workers) serves them too when asked.
import { describe, expect, it } from "vitest";
import { createLandingPage, createPlantStoreFetchHandler } from "../../../src/mock/index.js";

const ORIGIN = "https://plants.example";

describe("createPlantStoreFetchHandler({ admin, landingPage })", () => {
  it("serves the admin endpoints at the root, whatever the base path", async () => {
    const handle = createPlantStoreFetchHandler({ basePath: "/v1", admin: { token: "adm" } });
    const headers = { authorization: "Bearer adm", "content-type": "application/json" };
    const put = await handle(
      new Request(`${ORIGIN}/__admin/plants`, {
        method: "PUT",
        headers,
        body: '[{"name":"Aloe"}]',
      }),
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual([{ id: 1, name: "Aloe", public: true }]);
    const prefixed = await handle(
      new Request(`${ORIGIN}/v1/__admin/plants`, { headers: { authorization: "Bearer t" } }),
    );
    expect(prefixed.status).toBe(404);
    expect(handle.requests().map((entry) => entry.path)).toEqual(["/v1/__admin/plants"]);
  });

  it.each([
    "https://plants.example.workers.dev",
    "http://192.168.1.20:8787",
    "http://localhost.attacker.example",
  ])("keeps an open admin shut at %s: 403 on every endpoint, nothing changed", async (deployed) => {
    const handle = createPlantStoreFetchHandler({ admin: true });
    const created = await handle(
      new Request(`${deployed}/plants`, {
        method: "POST",
        headers: { authorization: "Bearer t", "content-type": "application/json" },
        body: '{"name":"Kept"}',
      }),
    );
    expect(created.status).toBe(201);
    const json = { "content-type": "application/json" };
    for (const [method, path, init] of [
      ["POST", "/__admin/reset", { headers: json }],
      ["GET", "/__admin/requests", {}],
      ["GET", "/__admin/plants", {}],
      ["PUT", "/__admin/plants", { headers: json, body: "[]" }],
      ["DELETE", "/__admin/requests", {}],
    ] as const) {
      const response = await handle(new Request(`${deployed}${path}`, { method, ...init }));
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 403,
        body: {
          error: 403,
          message:
            "The request's Host is not this machine: admin endpoints without an admin token answer only localhost, 127.0.0.1 or [::1].",
        },
      });
    }
    expect(handle.store.entries().map((plant) => plant.name)).toContain("Kept");
    expect(handle.requests()).toHaveLength(1);
  });

  it.each([
    "http://localhost:8787",
    "http://127.0.0.1:8787",
    "http://[::1]:8787",
    "http://app.localhost",
  ])("serves an open admin at %s, and a token-guarded one anywhere", async (local) => {
    const open = createPlantStoreFetchHandler({ admin: true });
    expect((await open(new Request(`${local}/__admin/plants`))).status).toBe(200);
    const guarded = createPlantStoreFetchHandler({ admin: { token: "adm" } });
    const anywhere = new Request("https://plants.example.workers.dev/__admin/plants", {
      headers: { authorization: "Bearer adm" },
    });
    expect((await guarded(anywhere)).status).toBe(200);
  });

  it("answers /__admin/ as an unknown path without the admin option", async () => {
    const handle = createPlantStoreFetchHandler();
    const response = await handle(
      new Request(`${ORIGIN}/__admin/reset`, {
        method: "POST",
        headers: { authorization: "Bearer t" },
      }),
    );
    expect(response.status).toBe(404);
  });

  it("serves the landing page it is given, and none by default", async () => {
    const accept = { accept: "text/html" };
    const plain = createPlantStoreFetchHandler();
    expect((await plain(new Request(`${ORIGIN}/`, { headers: accept }))).status).toBe(401);
    const withPage = createPlantStoreFetchHandler({ landingPage: createLandingPage() });
    const page = await withPage(new Request(`${ORIGIN}/`, { headers: accept }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Plant Store API");
    const head = await withPage(new Request(`${ORIGIN}/`, { method: "HEAD", headers: accept }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it.each<[string, () => unknown, Error]>([
    [
      "an admin option that is not true, false or { token }",
      () => createPlantStoreFetchHandler({ admin: "on" as never }),
      new TypeError('admin must be true, false or { token: "<admin token>" }.'),
    ],
    [
      "a landingPage that is not a page",
      () => createPlantStoreFetchHandler({ landingPage: true as never }),
      new TypeError("landingPage must be a page made by createLandingPage()."),
    ],
    [
      "a demoToken that is not a bearer token",
      () => createLandingPage({ demoToken: "a b" }),
      new TypeError(
        "demoToken must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.",
      ),
    ],
    [
      "a misspelt landing page option",
      () => createLandingPage({ demotoken: "x" } as never),
      new TypeError('Unknown option "demotoken"; the options are demoToken.'),
    ],
  ])("refuses %s", (_case, create, error) => {
    expect(create).toThrow(error);
    expect(create).toThrow(error.constructor as typeof TypeError);
  });
});
