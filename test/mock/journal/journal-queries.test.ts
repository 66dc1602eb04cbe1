// Typed journal queries (issue 30): each entry names its operation and sequence number,
// `requests(filter)` narrows by operation and status, on every way of serving and a sandbox.
import { getResponse } from "msw";
import { afterAll, describe, expect, it } from "vitest";
import {
  createPlantStoreFetchHandler,
  type PlantStoreRequestJournal,
} from "../../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";

const BASE = "https://queries.test";
const TOKEN = "queries-token";

function send(path: string, init: RequestInit = {}, token = TOKEN): Request {
  const headers = { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) };
  return new Request(`${BASE}${path}`, { ...init, headers });
}

function create(body: string, token = TOKEN): Request {
  return send(
    "/plants",
    { method: "POST", headers: { "content-type": "application/json" }, body },
    token,
  );
}

/** One list, one create, one invalid create, one unknown path: what every serving path gets. */
async function traffic(handle: (request: Request) => Promise<unknown>, token = TOKEN) {
  await handle(send("/plants?limit=2", {}, token));
  await handle(create('{"name":"Fern","tag":"green"}', token));
  await handle(create('{"name":""}', token));
  await handle(send("/elsewhere", {}, token));
}

describe("requests(filter)", () => {
  it("lists an operation's entries, those of no operation (null), or one status", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await traffic(handle);
    expect(handle.requests({ operation: "createPlant" }).map((entry) => entry.status)).toEqual([
      201, 400,
    ]);
    expect(handle.requests({ operation: "listPlants" }).map((entry) => entry.query)).toEqual([
      { limit: 2 },
    ]);
    expect(handle.requests({ operation: null }).map((entry) => entry.path)).toEqual(["/elsewhere"]);
    expect(handle.requests({ status: 400 }).map((entry) => entry.seq)).toEqual([3]);
    expect(handle.requests({ operation: "createPlant", status: 201 })[0]?.body?.name).toBe("Fern");
    expect(handle.requests({ operation: "listPlants", status: 201 })).toEqual([]);
    expect(handle.requests({})).toEqual(handle.requests());
    expect(handle.requests({ operation: undefined, status: undefined })).toHaveLength(4);
  });

  it("lists the requests that got no answer with status 0, as their entries say", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    handle.breakNext("listPlants", "network-error");
    await handle(send("/plants")).catch(() => undefined);
    await traffic(handle);
    expect(handle.requests({ status: 0 })).toMatchObject([{ seq: 1, broken: "network-error" }]);
  });

  it("types `body` by the operation, kept only when it passed the contract", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await traffic(handle);
    const [stored, refused] = handle.requests({ operation: "createPlant" });
    const name: string | undefined = stored?.body?.name;
    expect(name).toBe("Fern");
    expect(stored?.body).toEqual({ name: "Fern", tag: "green" });
    expect(refused).not.toHaveProperty("body");
    expect(refused?.invalidBody).toEqual({ name: "" });
  });

  it("numbers entries in arrival order, never reusing a number after clearRequests()", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await traffic(handle);
    expect(handle.requests().map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    handle.clearRequests();
    await handle(send("/plants"));
    expect(handle.requests().map((entry) => entry.seq)).toEqual([5]);
  });

  it("parses limit when it was valid and keeps it as sent when it was not", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    for (const query of ["?limit=0", "?limit=-1", "?limit=1&limit=2", "?limit=07&x=1", ""]) {
      await handle(send(`/plants${query}`));
    }
    expect(handle.requests().map((entry) => [entry.status, entry.query])).toEqual([
      [200, { limit: 0 }],
      [400, { limit: "-1" }],
      [400, { limit: ["1", "2"] }],
      [400, { limit: "07", x: "1" }],
      [200, {}],
    ]);
  });

  it("files a refused request under the operation its method and path match", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await handle(new Request(`${BASE}/plants`, { method: "POST", body: "{}" }));
    await handle(
      send("/plants", { method: "POST", body: "x", headers: { "content-type": "text/plain" } }),
    );
    await handle(send("/plants", { method: "PUT" }));
    await handle(send("/plants", { method: "HEAD" }));
    expect(handle.requests().map((entry) => [entry.operation, entry.status])).toEqual([
      ["createPlant", 401],
      ["createPlant", 415],
      [null, 405],
      [null, 405],
    ]);
  });

  it.each<[unknown, string, ErrorConstructor]>([
    [
      "createPlant",
      'requests: the filter must be an object such as { operation: "createPlant" }.',
      TypeError,
    ],
    [
      null,
      'requests: the filter must be an object such as { operation: "createPlant" }.',
      TypeError,
    ],
    [[], 'requests: the filter must be an object such as { operation: "createPlant" }.', TypeError],
    [
      { op: "createPlant" },
      'requests: unknown filter field "op"; the fields are operation, status.',
      TypeError,
    ],
    [
      { operation: "deletePlant" },
      'requests: operation must be "listPlants", "createPlant" or null.',
      TypeError,
    ],
    [
      { operation: "none" },
      'requests: operation must be "listPlants", "createPlant" or null.',
      TypeError,
    ],
    [
      { status: "201" },
      "requests: status must be 0 (no answer) or an integer from 100 to 599.",
      TypeError,
    ],
    [
      { status: 201.5 },
      "requests: status must be 0 (no answer) or an integer from 100 to 599.",
      RangeError,
    ],
    [
      { status: 99 },
      "requests: status must be 0 (no answer) or an integer from 100 to 599.",
      RangeError,
    ],
    [
      { status: 600 },
      "requests: status must be 0 (no answer) or an integer from 100 to 599.",
      RangeError,
    ],
  ])("refuses the filter %j: %s", (filter, message, kind) => {
    const handle = createPlantStoreFetchHandler();
    const call = () => handle.requests(filter as never);
    expect(call).toThrow(kind);
    expect(call).toThrow(message);
  });
});

describe("the same queries on every way of serving, and a sandbox's own", () => {
  let server: PlantStoreServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  async function check(journal: PlantStoreRequestJournal) {
    expect(journal.requests({ operation: "createPlant" }).map((entry) => entry.body?.name)).toEqual(
      ["Fern", undefined],
    );
    expect(journal.requests({ operation: null, status: 404 })).toHaveLength(1);
    expect(journal.requests().map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
  }

  it("the MSW handler set", async () => {
    const plantStore = createPlantStoreHandlers({
      baseUrl: BASE,
      tokens: [TOKEN],
      answerUnknownPaths: true,
    });
    await traffic((request) => getResponse(plantStore.handlers, request));
    await check(plantStore);
  });

  it("the server object", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN] });
    const origin = server.url;
    await traffic(async (request) => {
      const { pathname, search } = new URL(request.url);
      const body = request.method === "POST" ? await request.text() : undefined;
      return fetch(`${origin}${pathname}${search}`, {
        method: request.method,
        headers: request.headers,
        body,
      });
    });
    await check(server);
  });

  it("a sandbox: its own entries and numbers, none of them in the global journal", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await handle(send("/plants"));
    const sandbox = handle.createSandbox();
    await traffic(handle, sandbox.token);
    await check(sandbox);
    expect(handle.requests().map((entry) => [entry.seq, entry.operation])).toEqual([
      [1, "listPlants"],
    ]);
    sandbox.reset();
    await handle(send("/plants", {}, sandbox.token));
    expect(sandbox.requests().map((entry) => entry.seq)).toEqual([5]);
  });
});
