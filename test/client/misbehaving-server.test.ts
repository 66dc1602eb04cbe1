// The SDK against a misbehaving server over real sockets: throttling, resets, silence,
// proxy error pages, 2xx bodies of the wrong shape, and a token source that fails. Every
// failure must reach the caller as the right error, retried only where that is safe.
import { afterEach, describe, expect, it } from "vitest";
import {
  createPlantStoreClient,
  PlantStoreApiError,
  PlantStoreConnectionError,
  PlantStoreError,
  PlantStoreTimeoutError,
} from "../../src/client/index.js";
import { rejectionOf } from "./support/rejection-of.js";
import {
  headersOnly,
  neverAnswer,
  resetConnection,
  resetMidBody,
  respond,
  type ScriptedServer,
  type ScriptStep,
  startScriptedServer,
} from "./support/scripted-server.js";

const plants = [{ name: "Monstera", tag: "tropical" }];
const listOk = respond(200, JSON.stringify(plants));
const createOk = respond(201, JSON.stringify({ name: "Fern" }));
const badGatewayPage = "<html><body><h1>502 Bad Gateway</h1></body></html>";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(
  steps: ScriptStep[],
  options: { timeout?: number; retries?: number } = {},
) {
  server = await startScriptedServer(steps);
  return createPlantStoreClient({ baseUrl: server.url, token: "sdk-fault-token", ...options });
}

describe("retries", () => {
  it("503 with Retry-After: 1, then 200: the list is retried after about a second", async () => {
    const throttled = respond(503, JSON.stringify({ error: 503, message: "Busy." }), {
      "retry-after": "1",
    });
    const client = await clientFor([throttled, listOk]);
    expect(await client.listPlants()).toEqual(plants);
    const [first = 0, second = 0] = server?.arrivals ?? [];
    expect(server?.arrivals).toHaveLength(2);
    // A lower bound only: a loaded machine can make the wait longer, never shorter.
    expect(second - first).toBeGreaterThanOrEqual(900);
  });

  it("a reset connection on list is retried and the list succeeds", async () => {
    const client = await clientFor([resetConnection, listOk]);
    expect(await client.listPlants()).toEqual(plants);
    expect(server?.arrivals).toHaveLength(2);
  });

  it("a reset connection on create is not retried: PlantStoreConnectionError", async () => {
    const client = await clientFor([resetConnection, createOk]);
    const error = await rejectionOf(client.createPlant({ name: "Fern" }));
    expect(error).toBeInstanceOf(PlantStoreConnectionError);
    expect(error).not.toBeInstanceOf(PlantStoreTimeoutError);
    expect(error.message).toContain("POST");
    expect(error.cause).toBeDefined();
    expect(server?.arrivals).toHaveLength(1);
  });
});

describe("a connection that breaks in the middle of the body", () => {
  it("on list: retried, and the list succeeds", async () => {
    const client = await clientFor([resetMidBody, listOk]);
    expect(await client.listPlants()).toEqual(plants);
    expect(server?.arrivals).toHaveLength(2);
  });

  it("on create: PlantStoreConnectionError, not retried", async () => {
    const client = await clientFor([resetMidBody, createOk]);
    const error = await rejectionOf(client.createPlant({ name: "Fern" }));
    expect(error).toBeInstanceOf(PlantStoreConnectionError);
    expect(server?.arrivals).toHaveLength(1);
  });
});

describe("a server that never answers", () => {
  it("create rejects with PlantStoreTimeoutError at the configured timeout, once", async () => {
    const client = await clientFor([neverAnswer], { timeout: 300 });
    const error = await rejectionOf(client.createPlant({ name: "Fern" }));
    expect(error).toBeInstanceOf(PlantStoreTimeoutError);
    expect(error.message).toContain("300 ms");
    expect(server?.arrivals).toHaveLength(1);
  });

  it("list times out on every attempt, then rejects with PlantStoreTimeoutError", async () => {
    const client = await clientFor([neverAnswer], { timeout: 300, retries: 1 });
    const error = await rejectionOf(client.listPlants());
    expect(error).toBeInstanceOf(PlantStoreTimeoutError);
    expect(server?.arrivals).toHaveLength(2);
  });

  it("headers without the promised body also time out", async () => {
    const client = await clientFor([headersOnly], { timeout: 300, retries: 0 });
    expect(await rejectionOf(client.listPlants())).toBeInstanceOf(PlantStoreTimeoutError);
  });
});

describe("bodies no contract allows", () => {
  it("an HTML 502 page becomes a PlantStoreApiError with the status and the page", async () => {
    const client = await clientFor([
      (_request, response) => {
        response.writeHead(502, { "content-type": "text/html" });
        response.end(badGatewayPage);
      },
    ]);
    const error = await rejectionOf(client.createPlant({ name: "Fern" }));
    expect(error).toBeInstanceOf(PlantStoreApiError);
    const apiError = error as PlantStoreApiError;
    expect(apiError.status).toBe(502);
    expect(apiError.code).toBeUndefined();
    expect(apiError.text).toBe(badGatewayPage);
    expect(apiError.message).toContain("502");
    expect(apiError.message).not.toContain("<html>");
  });

  it.each([
    ["not JSON", "<html>OK</html>"],
    ["a JSON object, not an array", '{"plants":[]}'],
    ["JSON null", "null"],
    ["empty", ""],
  ])("a 200 list whose body is %s is a PlantStoreError, not retried", async (_, body) => {
    const client = await clientFor([respond(200, body)]);
    const error = await rejectionOf(client.listPlants());
    expect(error).toBeInstanceOf(PlantStoreError);
    expect(error).not.toBeInstanceOf(PlantStoreApiError);
    // The message says which call got which status, so the user can act on it.
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/plants\b.*\b200\b/);
    expect(server?.arrivals).toHaveLength(1);
  });

  it("a 201 create whose body is not JSON is a PlantStoreError", async () => {
    const client = await clientFor([respond(201, "created!")]);
    const error = await rejectionOf(client.createPlant({ name: "Fern" }));
    expect(error).toBeInstanceOf(PlantStoreError);
    expect(error.message).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/plants\b.*\b201\b/);
  });
});

describe("a token function that fails", () => {
  it.each([
    [
      "throws",
      (failure: Error) => () => {
        throw failure;
      },
    ],
    ["rejects", (failure: Error) => () => Promise.reject(failure)],
  ])("that %s: its own error surfaces and nothing is sent", async (_, makeToken) => {
    server = await startScriptedServer([listOk]);
    const failure = new Error("vault unreachable");
    const client = createPlantStoreClient({ baseUrl: server.url, token: makeToken(failure) });
    expect(await rejectionOf(client.listPlants())).toBe(failure);
    expect(await rejectionOf(client.createPlant({ name: "Fern" }))).toBe(failure);
    expect(server.arrivals).toHaveLength(0);
  });

  it.each([
    ["a string", "sdk-fault-token\r\nX-Injected: 1"],
    ["a function's result", () => "sdk-fault-token\r\nX-Injected: 1"],
  ])(
    "%s token carrying CR LF cannot smuggle a header: TypeError, nothing sent",
    async (_, token) => {
      server = await startScriptedServer([listOk]);
      const baseUrl = server.url;
      // Whether the client refuses it when made or when called, it surfaces as a rejection here.
      const list = async () => createPlantStoreClient({ baseUrl, token }).listPlants();
      expect(await rejectionOf(list())).toBeInstanceOf(TypeError);
      expect(server.arrivals).toHaveLength(0);
    },
  );
});
