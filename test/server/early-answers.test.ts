// Answers decided before the body is read (413 by size, 401) reach a client that is still
// sending, and the connection stays usable; Expect: 100-continue gets its go-ahead only
// when the body is wanted.
import { afterEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { openSocket, waitForText } from "./support/raw-http.js";

const TOKEN = "early-answer-token";
const MiB = 1_048_576;
let server: PlantStoreServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<PlantStoreServer> {
  server = await startPlantStoreServer({ tokens: [TOKEN] });
  return server;
}

describe("a body the server refuses before reading it", () => {
  it("8 MiB sent by fetch gets 413 with the Error body every time, not a reset", async () => {
    const { url } = await start();
    const body = JSON.stringify({ name: "x".repeat(8 * MiB) });
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await fetch(`${url}/plants`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: 413,
        message: `The request body is larger than the ${MiB}-byte limit.`,
      });
    }
  });

  it("a 401 for a create with a body keeps the connection: the next request is answered", async () => {
    const { url } = await start();
    const socket = await openSocket(url);
    const body = '{"name":"Pipelined"}';
    const head = (auth: string) =>
      `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${auth}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const both = waitForText(socket, "HTTP/1.1 201");
    socket.write(head("wrong-token") + head(TOKEN));
    const text = await both;
    expect(text).toMatch(/^HTTP\/1\.1 401 Unauthorized/);
    expect(text).not.toMatch(/connection: close/i);
    socket.destroy();
  });
});

describe("Expect: 100-continue", () => {
  async function exchange(headers: string): Promise<string> {
    const { url } = server ?? (await start());
    const socket = await openSocket(url);
    const answer = waitForText(socket, "\r\n\r\n{");
    socket.write(`POST /plants HTTP/1.1\r\nHost: x\r\n${headers}Expect: 100-continue\r\n\r\n`);
    const text = await answer;
    socket.destroy();
    return text;
  }

  it("is not sent a 100 Continue when the answer is a 401", async () => {
    const text = await exchange("Content-Type: application/json\r\nContent-Length: 20\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text).not.toContain("100 Continue");
  });

  it("is not sent a 100 Continue when Content-Length is over the limit: 413 at once", async () => {
    const text = await exchange(
      `Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${10 * MiB}\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).not.toContain("100 Continue");
  });

  it("is sent a 100 Continue when the body is wanted, then the create is answered", async () => {
    const { url } = await start();
    const socket = await openSocket(url);
    const body = '{"name":"Continued"}';
    const go = waitForText(socket, "100 Continue");
    socket.write(
      `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await go;
    const created = waitForText(socket, 'Continued"}');
    socket.write(body);
    expect(await created).toMatch(/HTTP\/1\.1 201 Created/);
    socket.destroy();
  });
});
