// The `fetch` option with real fetches that do not take a second argument: the time limit and
// the caller's signal end the call all the same (real timers, real sockets).
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPlantStoreClient,
  PlantStoreConnectionError,
  PlantStoreError,
  type PlantStoreFetch,
  PlantStoreTimeoutError,
} from "../../src/client/index.js";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";

// Accepts every request and never answers; records when the client hangs up.
let silent: Server;
let silentUrl: string;
const hungUp: Promise<void>[] = [];

beforeAll(async () => {
  silent = createServer((request: IncomingMessage) => {
    hungUp.push(once(request.socket, "close").then(() => {}));
  });
  silent.listen(0, "127.0.0.1");
  await once(silent, "listening");
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  silent.closeAllConnections();
  silent.close();
});

const oneArgument: PlantStoreFetch = (request) => globalThis.fetch(request);

describe("a one-argument fetch wrapper against a server that never answers", () => {
  it("times out at the timeout, and the request is cancelled", async () => {
    const client = createPlantStoreClient({
      baseUrl: silentUrl,
      token: "t",
      fetch: oneArgument,
      timeout: 300,
      retries: 0,
    });
    await expect(client.listPlants()).rejects.toThrow(
      new PlantStoreTimeoutError(`GET ${silentUrl}/plants timed out (300 ms)`),
    );
    // The Request carried the signal, so the real fetch closed its connection.
    expect(hungUp).toHaveLength(1);
    await hungUp[0];
  });

  it("ends at the caller's abort", async () => {
    const client = createPlantStoreClient({ baseUrl: silentUrl, token: "t", fetch: oneArgument });
    const call = client.listPlants({}, { signal: AbortSignal.timeout(200) });
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

describe("the package's own fetch handler as fetch, with a delayed answer", () => {
  it("times out instead of succeeding late", async () => {
    const handler = createPlantStoreFetchHandler({ tokens: ["t"] });
    handler.delayNext("listPlants", 3_000);
    const client = createPlantStoreClient({
      baseUrl: "http://plant-store.test",
      token: "t",
      fetch: handler,
      timeout: 200,
      retries: 0,
    });
    await expect(client.listPlants()).rejects.toBeInstanceOf(PlantStoreTimeoutError);
  });

  it("rejects an aborted call instead of resolving it with data", async () => {
    const handler = createPlantStoreFetchHandler({ tokens: ["t"] });
    handler.delayNext("createPlant", 3_000);
    const client = createPlantStoreClient({
      baseUrl: "http://plant-store.test",
      token: "t",
      fetch: handler,
    });
    const controller = new AbortController();
    const call = client.createPlant({ name: "Fern" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("a fetch that cannot take a Request", () => {
  // node-fetch 2 and 3 and the undici package know only their own Request class: they read
  // ours as the URL string "[object Request]", and their URL parser throws a TypeError.
  const fetches: [string, (input: unknown) => Promise<Response>][] = [
    [
      "as node-fetch 2 (cross-fetch, isomorphic-fetch) does",
      async (input) => {
        // node-fetch 2 parses String(input) with Node's legacy url.parse: no protocol.
        if (!`${input}`.includes("://")) throw new TypeError("Only absolute URLs are supported");
        return new Response("[]");
      },
    ],
    [
      "as node-fetch 3 does (new URL throws)",
      async (input) => {
        new URL(input as string);
        return new Response("[]");
      },
    ],
    [
      "as the undici package does",
      async (input) => {
        if (!(input instanceof URL) && typeof input !== "string") {
          throw new TypeError(`Failed to parse URL from ${input}`);
        }
        return new Response("[]");
      },
    ],
  ];

  it.each(fetches)(
    "fails the first call at once, not retried, with a TypeError that says what to pass, %s",
    async (_, refusing) => {
      let calls = 0;
      const fetch = ((input: unknown) => {
        calls++;
        return refusing(input);
      }) as PlantStoreFetch;
      const client = createPlantStoreClient({ baseUrl: "http://127.0.0.1:9", token: "t", fetch });
      const error = await client.listPlants().catch((rejection: unknown) => rejection);
      expect(error).toBeInstanceOf(TypeError);
      expect(error).not.toBeInstanceOf(PlantStoreError);
      expect((error as Error).message).toBe(
        "The fetch given as the fetch option did not accept a Request: pass a WHATWG fetch that does, such as the global fetch of Node 18+, browsers, Deno or Bun (not node-fetch or the undici package's fetch)",
      );
      expect((error as Error).cause).toBeInstanceOf(TypeError);
      expect(calls).toBe(1);
    },
  );

  it("is not confused with a network failure, which browsers also report as a TypeError", async () => {
    let calls = 0;
    const fetch: PlantStoreFetch = async () => {
      calls++;
      throw new TypeError("Failed to fetch");
    };
    const client = createPlantStoreClient({
      baseUrl: "http://127.0.0.1:9",
      token: "t",
      fetch,
      retries: { maxDelay: 0 },
    });
    const error = await client.listPlants().catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(PlantStoreConnectionError);
    expect((error as Error).message).toBe(
      "GET http://127.0.0.1:9/plants: no response: Failed to fetch",
    );
    expect(calls).toBe(3);
  });
});
