// toPact(): a Pact V4 contract from the requests a world answered by the contract's rules, one
// interaction per request shape, matched by type, without tokens, scripted answers or the
// caller's contract violations; over GET /__admin/pact and the admin client too.
import { afterEach, describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../../src/admin/index.js";
import type { PlantStoreFetchHandler } from "../../../src/fetch/fetch-handler.js";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "../admin-api/support/admin-call.js";

const BASE = "http://plant-store.test/v1";
const TOKEN = "consumer-test-token-0123456789";
const PARTIES = { consumer: "plant-web", provider: "plant-store" };

function sender(handler: PlantStoreFetchHandler, token = TOKEN) {
  return (method: string, target: string, body?: unknown, headers: Record<string, string> = {}) =>
    handler(
      new Request(`${BASE}${target}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
}

const descriptions = (handler: { toPact: PlantStoreFetchHandler["toPact"] }) =>
  handler.toPact(PARTIES).interactions.map((interaction) => interaction.description);

describe("toPact", () => {
  it("writes one interaction per request shape, paths relative to the base path, matched by type", async () => {
    const handler = createPlantStoreFetchHandler({ basePath: "/v1", seed: [{ name: "Ivy" }] });
    const send = sender(handler);
    await send("GET", "/plants");
    await send("GET", "/plants");
    await send("POST", "/plants", { name: "Fern", tag: "shade", extra: true });
    await send("GET", "/plants?limit=2");
    await send("GET", "/plants?limit=0");
    const pact = handler.toPact(PARTIES);
    expect(pact.consumer).toEqual({ name: "plant-web" });
    expect(pact.provider).toEqual({ name: "plant-store" });
    expect(pact.metadata).toEqual({ pactSpecification: { version: "4.0" } });
    expect(pact.interactions.map((interaction) => interaction.description)).toEqual([
      "listPlants answered 200",
      "createPlant with name, tag answered 201",
      "listPlants with a limit answered 200 after the caller created plants",
      "listPlants with limit=0 answered 200 after the caller created plants",
    ]);
    const [list, create, limited, zero] = pact.interactions;
    expect(list).toEqual({
      type: "Synchronous/HTTP",
      description: "listPlants answered 200",
      request: {
        method: "GET",
        path: "/plants",
        headers: { Authorization: ["Bearer PLANT_STORE_TOKEN"] },
        matchingRules: {
          header: {
            Authorization: {
              combine: "AND",
              matchers: [{ match: "regex", regex: "^Bearer \\S+$" }],
            },
          },
        },
      },
      response: {
        status: 200,
        headers: { "Content-Type": ["application/json"] },
        body: {
          content: [{ name: "Monstera deliciosa" }],
          contentType: "application/json",
          encoded: false,
        },
        matchingRules: { body: { $: { combine: "AND", matchers: [{ match: "type", min: 0 }] } } },
      },
    });
    // The fields the contract ignores are left out; name and tag are any strings.
    expect(create?.request.body?.content).toEqual({ name: "Fern", tag: "shade" });
    expect(create?.response).toEqual({
      status: 201,
      headers: { "Content-Type": ["application/json"] },
      body: {
        content: { name: "Fern", tag: "shade" },
        contentType: "application/json",
        encoded: false,
      },
      matchingRules: {
        body: {
          "$.name": { combine: "AND", matchers: [{ match: "type" }] },
          "$.tag": { combine: "AND", matchers: [{ match: "type" }] },
        },
      },
    });
    // A list after a create depends on it: a provider state names the plants, and the list
    // holds at least one, at most `limit`.
    expect(limited?.providerStates).toEqual([
      {
        name: "the caller has created plants",
        params: { plants: [{ name: "Fern", tag: "shade" }] },
      },
    ]);
    expect(limited?.request.query).toEqual({ limit: ["2"] });
    expect(limited?.response.matchingRules).toEqual({
      body: { $: { combine: "AND", matchers: [{ match: "type", min: 1, max: 2 }] } },
    });
    expect(zero?.response.body?.content).toEqual([]);
    expect(zero?.response.matchingRules).toBeUndefined();
  });

  it("gives a create with an id the state of that id, free (2xx) or taken (409)", async () => {
    const handler = createPlantStoreFetchHandler({ basePath: "/v1", seed: [] });
    const send = sender(handler);
    await send("POST", "/plants", { name: "Fern", id: 7 });
    await send("POST", "/plants", { name: "Fern", id: 7 });
    const [stored, taken] = handler.toPact(PARTIES).interactions;
    expect(stored?.providerStates).toEqual([{ name: "no plant has the id", params: { id: 7 } }]);
    expect(taken?.description).toBe("createPlant with name, id answered 409");
    expect(taken?.providerStates).toEqual([{ name: "a plant has the id", params: { id: 7 } }]);
    expect(taken?.response.body?.content).toEqual({
      error: 409,
      message: "The id is already in the store.",
    });
  });

  it("leaves out scripted answers and the caller's contract violations", async () => {
    const handler = createPlantStoreFetchHandler({ basePath: "/v1", seed: [] });
    const send = sender(handler);
    handler.failNext("listPlants", { status: 503 });
    handler.respondNext("createPlant", { status: 201, body: { name: "Invented" } });
    handler.breakNext("listPlants", "wrong-shape");
    await send("GET", "/plants");
    await send("POST", "/plants", { name: "Fern" });
    await send("GET", "/plants");
    await send("GET", "/plants", undefined, { prefer: "code=500" });
    handler.chaos({ rate: 1, seed: 1, failures: [{ status: 500 }] });
    await send("GET", "/plants");
    handler.chaos(null);
    await send("POST", "/plants", { tag: "no name" });
    await send("GET", "/plants?limit=-1");
    await send("DELETE", "/plants");
    await sender(handler, "")("GET", "/plants");
    expect(handler.requests()).toHaveLength(9);
    expect(handler.toPact(PARTIES).interactions).toEqual([]);
    // The same world notes a request the contract's rules answered.
    await send("GET", "/plants");
    expect(descriptions(handler)).toEqual(["listPlants answered 200"]);
  });

  it("never holds a token a test used, wherever the test put it", async () => {
    const handler = createPlantStoreFetchHandler({ basePath: "/v1", seed: [] });
    const send = sender(handler);
    await send("POST", "/plants", { name: TOKEN, tag: `tag ${TOKEN}` });
    await send("GET", `/plants?limit=5&access_token=${TOKEN}`);
    const text = JSON.stringify(handler.toPact(PARTIES));
    expect(text).not.toContain(TOKEN);
    expect(text).toContain("Bearer PLANT_STORE_TOKEN");
  });

  it("leaves out a request whose id or limit is a token of digits, and hides the caller's plants in a list's state", async () => {
    const digits = "20261126";
    const handler = createPlantStoreFetchHandler({ basePath: "/v1", seed: [] });
    const send = sender(handler, digits);
    expect((await send("POST", "/plants", { id: Number(digits), name: "Fern" })).status).toBe(201);
    expect((await send("GET", `/plants?limit=${digits}`)).status).toBe(200);
    expect(handler.toPact(PARTIES).interactions).toEqual([]);
    // The caller's next create is noted, and the list after it shows its plants without the token.
    await send("POST", "/plants", { name: `Fern ${digits}`, tag: digits });
    await send("GET", "/plants");
    const text = JSON.stringify(handler.toPact(PARTIES));
    expect(descriptions(handler)).toEqual([
      "createPlant with name, tag answered 201",
      "listPlants answered 200 after the caller created plants",
    ]);
    expect(text).not.toContain(digits);
  });

  it("outlives reset() (an afterEach reset) until clearCoverage(); a reset forgets the created plants", async () => {
    const handler = createPlantStoreFetchHandler({ basePath: "/v1", seed: [] });
    const send = sender(handler);
    await send("POST", "/plants", { name: "Fern" });
    handler.reset();
    await send("GET", "/plants");
    expect(descriptions(handler)).toEqual([
      "createPlant with name answered 201",
      "listPlants answered 200",
    ]);
    handler.clearCoverage();
    expect(descriptions(handler)).toEqual([]);
  });

  it("counts every sandbox into the set's pact, closed ones too; a sandbox's is its own", async () => {
    const handler = createPlantStoreFetchHandler({ basePath: "/v1", seed: [] });
    const sandbox = handler.createSandbox();
    await sender(handler, sandbox.token)("POST", "/plants", { name: "Fern" });
    sandbox.close();
    await sender(handler)("GET", "/plants");
    expect(descriptions(sandbox)).toEqual(["createPlant with name answered 201"]);
    expect(descriptions(handler)).toEqual([
      "createPlant with name answered 201",
      "listPlants answered 200",
    ]);
  });

  it.each([
    [undefined, "toPact: options must be an object."],
    [
      { consumer: "web" },
      'toPact: provider must be a name of letters, digits, ".", "_" and "-" (at most 100, starting with a letter or digit), as the file pacts/<consumer>-<provider>.json uses it.',
    ],
    [
      { consumer: "../web", provider: "p" },
      'toPact: consumer must be a name of letters, digits, ".", "_" and "-" (at most 100, starting with a letter or digit), as the file pacts/<consumer>-<provider>.json uses it.',
    ],
    [
      { consumer: "web", provider: "p", version: 1 },
      'toPact: unknown option "version"; the options are consumer, provider.',
    ],
  ])("refuses %j with a TypeError naming the field", (options, message) => {
    const handler = createPlantStoreFetchHandler();
    expect(() => handler.toPact(options as never)).toThrow(new TypeError(message));
  });
});

describe("GET /__admin/pact and the admin client's pact()", () => {
  let server: PlantStoreServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it("serves the server's pact and each sandbox's, and answers 400 with toPact's sentence", async () => {
    server = await startPlantStoreServer({ admin: true, tokens: [TOKEN], seed: [] });
    const admin = createPlantStoreAdmin({ baseUrl: server.url });
    const sandbox = await admin.createSandbox();
    const post = (token: string) =>
      fetch(`${server?.url}/plants`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: '{"name":"Fern"}',
      });
    await post(TOKEN);
    await post(sandbox.token);
    expect(await admin.pact(PARTIES)).toEqual(server.toPact(PARTIES));
    expect((await sandbox.pact(PARTIES)).interactions).toHaveLength(1);
    // Both answers as openapi.admin.yaml describes them.
    const origin = new URL(server.url).origin;
    const query = "?consumer=plant-web&provider=plant-store";
    expect((await adminCall(origin, "GET", `/__admin/pact${query}`)).status).toBe(200);
    const ofSandbox = await adminCall(
      origin,
      "GET",
      `/__admin/sandboxes/${sandbox.id}/pact${query}`,
      {
        specPath: "/__admin/sandboxes/{id}/pact",
      },
    );
    expect(ofSandbox.body).toEqual(await sandbox.pact(PARTIES));
    const refused = await fetch(`${server.url}/__admin/pact?consumer=plant-web&provider=a/b`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 400,
      message:
        'provider must be a name of letters, digits, ".", "_" and "-" (at most 100, starting with a letter or digit), as the file pacts/<consumer>-<provider>.json uses it.',
    });
    const unknown = await fetch(`${server.url}/__admin/pact?consumer=a&provider=b&token=x`);
    expect(await unknown.json()).toEqual({
      error: 400,
      message: "The only query parameters are consumer and provider.",
    });
    await expect(admin.pact({ consumer: "plant-web" } as never)).rejects.toMatchObject({
      status: 400,
      body: {
        error: 400,
        message:
          'provider must be a name of letters, digits, ".", "_" and "-" (at most 100, starting with a letter or digit), as the file pacts/<consumer>-<provider>.json uses it.',
      },
    });
  });
});
