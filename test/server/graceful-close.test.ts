import { describe, expect, it } from "vitest";
import { startPlantStoreServer } from "../../src/server/index.js";
import {
  openSocket,
  parseRawResponse,
  readUntilClosed,
  waitUntilRefused,
} from "./support/raw-http.js";
import { parseRawResponses } from "./support/raw-http-parser.js";

const TOKEN = "close-test-token";

/**
 * Sends a list request the server holds back (delayNext) and resolves once the server has
 * it (a short wait: the head is one small packet on loopback).
 */
async function sendHeldRequest(url: string): Promise<{ answer: Promise<string> }> {
  const socket = await openSocket(url);
  const answer = readUntilClosed(socket);
  socket.write(`GET /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
  await new Promise((resolve) => setTimeout(resolve, 150));
  // Wrapped: returning the bare promise would make the caller's await wait for the answer.
  return { answer };
}

describe("close()", () => {
  it("answers a request in flight in full, refuses new connections, then resolves", async () => {
    const lines: string[] = [];
    const server = await startPlantStoreServer({
      tokens: [TOKEN],
      log: (line) => lines.push(line),
    });
    server.delayNext("listPlants", 300);
    const inFlight = await sendHeldRequest(server.url);
    const closed = server.close();

    expect(await waitUntilRefused(server.url)).toBe(true);
    const raw = await inFlight.answer;
    const response = parseRawResponse(raw.slice(raw.indexOf("HTTP/1.1 200")));
    expect(response.status).toBe(200);
    expect(response.headers.connection).toBe("close");
    expect(JSON.parse(response.body)).toHaveLength(5);
    await closed;
    expect(lines).toEqual([expect.stringMatching(/^GET \/plants 200 \d+\.\d ms$/)]);
  });

  it("answers every pipelined request already received; only the last answer says Connection: close", async () => {
    const server = await startPlantStoreServer({ tokens: [TOKEN], log: () => {} });
    server.delayNext("listPlants", 300);
    const socket = await openSocket(server.url);
    const raw = readUntilClosed(socket);
    const list = (limit: number) =>
      `GET /plants?limit=${limit} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`;
    socket.write(list(1) + list(2) + list(3));
    // The first is held by delayNext; the other two wait behind it on the same connection.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const closed = server.close();
    const responses = parseRawResponses(Buffer.from(await raw, "latin1"), true);
    await closed;
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(responses.map((response) => JSON.parse(response.body).length)).toEqual([1, 2, 3]);
    expect(responses.map((response) => response.headers.connection)).toEqual([
      "keep-alive",
      "keep-alive",
      "close",
    ]);
  });

  it("closes idle keep-alive connections at once instead of waiting for their timeout", async () => {
    // With no shutdown deadline and an hour of keep-alive, close() only resolves if idle
    // connections are closed by close() itself.
    const server = await startPlantStoreServer({
      tokens: [TOKEN],
      keepAliveTimeout: 3_600_000,
      shutdownTimeout: 0,
    });
    const socket = await openSocket(server.url);
    const answer = readUntilClosed(socket);
    socket.write(`GET /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    await new Promise((resolve) => socket.once("data", resolve));
    await server.close();
    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it("cuts a request still running at shutdownTimeout", async () => {
    const server = await startPlantStoreServer({ tokens: [TOKEN], shutdownTimeout: 100 });
    server.delayNext("listPlants", 60_000);
    const inFlight = await sendHeldRequest(server.url);
    await server.close();
    // The connection was cut: nothing came back.
    expect(await inFlight.answer).toBe("");
  });

  it("can be called twice", async () => {
    const server = await startPlantStoreServer();
    await Promise.all([server.close(), server.close()]);
    await expect(server.close()).resolves.toBeUndefined();
  });
});
