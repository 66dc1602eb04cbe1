// Requests that never reach the handler (timeouts, parser errors) still get the Error body.
import { afterEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { openSocket, parseRawResponse, readUntilClosed } from "./support/raw-http.js";

const TOKEN = "limits-test-token";
let server: PlantStoreServer | undefined;
const lines: string[] = [];

afterEach(async () => {
  await server?.close();
  lines.length = 0;
});

async function start(): Promise<PlantStoreServer> {
  server = await startPlantStoreServer({
    tokens: [TOKEN],
    requestTimeout: 300,
    headersTimeout: 300,
    log: (line) => lines.push(line),
  });
  return server;
}

async function stillServes(url: string): Promise<void> {
  const response = await fetch(`${url}/plants?limit=1`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
}

describe("request limits", () => {
  it("gives up on a body that never ends with 408 and the Error body", async () => {
    const { url } = await start();
    const socket = await openSocket(url);
    const answer = readUntilClosed(socket);
    socket.write(
      `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
    );
    const response = parseRawResponse(await answer);
    expect(response.status).toBe(408);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers.connection).toBe("close");
    expect(JSON.parse(response.body)).toEqual({
      error: 408,
      message: "The request body was not received completely within 300 ms.",
    });
    await stillServes(url);
    expect(lines[0]).toMatch(/^POST \/plants 408 \d+\.\d ms$/);
  });

  it("answers headers over Node's limit with 431 and the Error body", async () => {
    const { url } = await start();
    const socket = await openSocket(url);
    const answer = readUntilClosed(socket);
    socket.write(`GET /plants HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    const response = parseRawResponse(await answer);
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({
      error: 431,
      message: "The request headers are larger than the server accepts.",
    });
    await stillServes(url);
    expect(lines[0]).toBe("- - 431 - (request headers too large)");
  });

  it("answers bytes that are not HTTP with 400 and the Error body", async () => {
    const { url } = await start();
    const socket = await openSocket(url);
    const answer = readUntilClosed(socket);
    socket.write("HELLO THERE\r\n\r\n");
    const response = parseRawResponse(await answer);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: 400,
      message: "The request is not valid HTTP/1.1.",
    });
    await stillServes(url);
  });

  it("answers a request target that is no URL path with 400 and the Error body", async () => {
    const { url } = await start();
    const socket = await openSocket(url);
    const answer = readUntilClosed(socket);
    socket.write(
      `GET * HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
    );
    const response = parseRawResponse(await answer);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: 400,
      message: "The request target is not a valid URL path.",
    });
  });
});
