// breakNext through the MSW handler set in Node (setupServer), as the app's own fetch meets it:
// a rejected fetch, a fetch that waits until the faults are cleared, a body cut off, a body that
// is not JSON, JSON of the wrong shape. The same in Chromium: break-next.browser.test.ts.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreHandlers } from "../../src/msw/index.js";

const BASE = "http://msw-break.test/v1";
const msw = createPlantStoreHandlers({ baseUrl: BASE });
const server = setupServer(...msw.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  msw.clearFaults();
  msw.clearRequests();
});
afterAll(() => server.close());

const AUTH = { authorization: "Bearer msw-token" };
const list = (init: RequestInit = {}) => fetch(`${BASE}/plants`, { headers: AUTH, ...init });
const create = () =>
  fetch(`${BASE}/plants`, {
    method: "POST",
    headers: { ...AUTH, "content-type": "application/json" },
    body: '{"name":"Broken fern"}',
  });

describe("breakNext through MSW in Node", () => {
  it("network-error: fetch rejects with a TypeError (HttpResponse.error()); nothing is stored", async () => {
    const before = msw.store.size;
    msw.breakNext("createPlant", "network-error");
    await expect(create()).rejects.toBeInstanceOf(TypeError);
    expect(msw.store.size).toBe(before);
    expect(msw.requests()).toMatchObject([{ status: 0, broken: "network-error" }]);
  });

  it("hang: fetch waits until clearFaults(), then rejects with a TypeError", async () => {
    msw.breakNext("listPlants", "hang");
    const pending = list();
    await expect.poll(() => msw.requests().length).toBe(1);
    msw.clearFaults();
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });

  it("hang: the app's abort ends its fetch with the abort", async () => {
    msw.breakNext("listPlants", "hang");
    const controller = new AbortController();
    const pending = list({ signal: controller.signal });
    await expect.poll(() => msw.requests().length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("truncated: a 200 whose body read rejects with a TypeError", async () => {
    msw.breakNext("listPlants", "truncated");
    const response = await list();
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toBeInstanceOf(TypeError);
  });

  it("malformed-json: a 201 with a JSON Content-Type whose body does not parse", async () => {
    msw.breakNext("createPlant", "malformed-json");
    const response = await create();
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json");
    await expect(response.json()).rejects.toBeInstanceOf(SyntaxError);
  });

  it("wrong-shape: an object where the list is declared", async () => {
    msw.breakNext("listPlants", "wrong-shape");
    const body = await (await list()).json();
    expect(Array.isArray(body)).toBe(false);
    expect((await (await list()).json()) as unknown[]).toBeInstanceOf(Array);
  });
});
