import { describe, expect, it, vi } from "vitest";
import { startPlantStoreServer } from "../../src/server/index.js";
import {
  openSocket,
  parseRawResponse,
  readUntilClosed,
  waitForText,
  waitUntilRefused,
} from "./support/raw-http.js";

const TOKEN = "close-test-token";

const BODY = '{"name":"Held fern"}';

/**
 * Sends the head of a create with `Expect: 100-continue` and resolves once the server has
 * asked for the body: the request is in flight (being read), and nothing scripted holds it.
 */
async function sendHeldCreate(url: string): Promise<{ answer: Promise<string>; sendBody(): void }> {
  const socket = await openSocket(url);
  const goAhead = waitForText(socket, "100 Continue");
  const answer = readUntilClosed(socket);
  socket.write(
    `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${BODY.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await goAhead;
  // Wrapped: returning the bare promise would make the caller's await wait for the answer.
  return { answer, sendBody: () => socket.write(BODY) };
}

describe("close()", () => {
  it("answers a request in flight in full, refuses new connections, then resolves", async () => {
    const lines: string[] = [];
    const server = await startPlantStoreServer({
      tokens: [TOKEN],
      log: (line) => lines.push(line),
    });
    const inFlight = await sendHeldCreate(server.url);
    const closed = server.close();

    expect(await waitUntilRefused(server.url)).toBe(true);
    inFlight.sendBody();
    const raw = await inFlight.answer;
    const response = parseRawResponse(raw.slice(raw.indexOf("HTTP/1.1 201")));
    expect(response.status).toBe(201);
    expect(response.headers.connection).toBe("close");
    expect(JSON.parse(response.body)).toEqual({ name: "Held fern" });
    await closed;
    expect(lines).toEqual([expect.stringMatching(/^POST \/plants 201 \d+\.\d ms$/)]);
  });

  it("ends a delayed request at once: the connection drops with no answer, and the ones pipelined behind it with it", async () => {
    const server = await startPlantStoreServer({ tokens: [TOKEN], log: () => {} });
    server.delayNext("listPlants", 60_000);
    const socket = await openSocket(server.url);
    const raw = readUntilClosed(socket);
    const list = (limit: number) =>
      `GET /plants?limit=${limit} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`;
    socket.write(list(1) + list(2) + list(3));
    // The two behind it are answered by the core, their answers queued behind the first one's.
    await vi.waitFor(() => expect(server.requests()).toHaveLength(2));
    // A minute's delay pending: close() ends it rather than wait it out (or the test times out).
    await server.close();
    expect(await raw).toBe("");
    expect(server.requests()[0]).toMatchObject({ query: { limit: 1 }, status: 0 });
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
    // Its body never comes: only the deadline ends it.
    const inFlight = await sendHeldCreate(server.url);
    await server.close();
    // The connection was cut: nothing came back after the go-ahead.
    expect(await inFlight.answer).toBe("HTTP/1.1 100 Continue\r\n\r\n");
  });

  it("can be called twice", async () => {
    const server = await startPlantStoreServer();
    await Promise.all([server.close(), server.close()]);
    await expect(server.close()).resolves.toBeUndefined();
  });
});
