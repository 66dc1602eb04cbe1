// Answers made outside the core (Node's parser refusals, timeouts, a store that throws)
// carry the CORS headers too, so browser code sees the Error body, not an opaque failure.
import { afterEach, describe, expect, it } from "vitest";
import { createPlantStore } from "../../src/mock/store/store.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { openSocket, parseRawResponse, readUntilClosed } from "./support/raw-http.js";

const TOKEN = "cors-refusal-token";
const ORIGIN = "https://app.example";
let server: PlantStoreServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function rawAnswer(bytes: string, store = createPlantStore()) {
  server = await startPlantStoreServer({
    tokens: [TOKEN],
    corsOrigin: ORIGIN,
    store,
    requestTimeout: 300,
    headersTimeout: 300,
  });
  const socket = await openSocket(server.url);
  const answer = readUntilClosed(socket);
  socket.write(bytes);
  return parseRawResponse(await answer);
}

describe("answers made outside the core carry the CORS headers", () => {
  it.each([
    ["a request that times out", "GET /plants HTTP/1.1\r\nHost: x\r\n", 408],
    [
      "headers over Node's limit",
      `GET /plants HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ["bytes that are not HTTP", "HELLO THERE\r\n\r\n", 400],
    [
      "a request target that is no path",
      "GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      400,
    ],
    [
      "an unsupported Expect",
      `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nExpect: 200-ok\r\nContent-Length: 0\r\n\r\n`,
      417,
    ],
  ])("%s: %s with the Error body and Access-Control-Allow-Origin", async (_, bytes, status) => {
    const response = await rawAnswer(bytes);
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(JSON.parse(response.body).error).toBe(status);
  });

  it("a store that throws: 500 with the Error body and Access-Control-Allow-Origin", async () => {
    const store = createPlantStore();
    store.list = () => {
      throw new Error("broken store");
    };
    const response = await rawAnswer(
      `GET /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
      store,
    );
    expect(response.status).toBe(500);
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(JSON.parse(response.body)).toEqual({
      error: 500,
      message: "The server failed while handling the request.",
    });
  });
});
