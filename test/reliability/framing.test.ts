// Message framing a proxy and this server could read differently (the stuff of request
// smuggling): conflicting lengths, bad chunks, and many pipelined requests on one socket.
// Each gets its exact answer and the server keeps serving.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPlantStoreServer } from "../../src/server/index.js";
import { openRawConnection, type RawConnection, requestHead } from "./support/raw-connection.js";
import { expectStillServing } from "./support/still-serving.js";

const token = "framing-token";
const notHttp = { error: 400, message: "The request is not valid HTTP/1.1." };

type Server = Awaited<ReturnType<typeof startPlantStoreServer>>;

let server: Server;
const connections: RawConnection[] = [];

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [token], seed: [] });
});

afterEach(async () => {
  for (const connection of connections.splice(0)) connection.destroy();
  await expectStillServing(server.url, token);
});

afterAll(async () => {
  await server?.close();
});

async function exchange(bytes: string, count = 1) {
  const connection = await openRawConnection(server.url);
  connections.push(connection);
  await connection.write(bytes);
  return { responses: await connection.responses(count), connection };
}

const createHead = (framing: Record<string, string | number>) =>
  requestHead("POST", "/plants", {
    Authorization: `Bearer ${token}`,
    "Content-Type": "application/json",
    ...framing,
  });

describe("conflicting or broken framing is refused whole", () => {
  const body = '{"name":"Smuggled"}';

  it.each([
    [
      "Content-Length and Transfer-Encoding together",
      `${createHead({ "Content-Length": 4, "Transfer-Encoding": "chunked" })}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    ],
    [
      "two different Content-Length values",
      `${createHead({ "Content-Length": `${body.length}, 4` })}${body}`,
    ],
    [
      "a chunk size that is not hex",
      `${createHead({ "Transfer-Encoding": "chunked" })}zz\r\n${body}\r\n0\r\n\r\n`,
    ],
    ["a negative Content-Length", `${createHead({ "Content-Length": -1 })}${body}`],
  ])("%s: 400 with the Error body, the connection closes, nothing stored", async (_, bytes) => {
    const { responses, connection } = await exchange(bytes);
    expect(responses.map((response) => response.status)).toEqual([400]);
    expect(JSON.parse(responses[0]?.body ?? "")).toEqual(notHttp);
    await connection.closedByServer();
    expect(server.store.size).toBe(0);
  });
});

describe("pipelining", () => {
  it("50 pipelined requests on one socket get 50 answers, each to its own request, in order", async () => {
    const requests: string[] = [];
    for (let index = 0; index < 25; index++) {
      const body = JSON.stringify({ name: `Pipelined ${index}` });
      requests.push(`${createHead({ "Content-Length": Buffer.byteLength(body) })}${body}`);
      requests.push(
        requestHead("GET", `/plants?limit=${index + 1}`, { Authorization: `Bearer ${token}` }),
      );
    }
    const { responses } = await exchange(requests.join(""), 50);
    expect(responses).toHaveLength(50);
    responses.forEach((response, position) => {
      const index = Math.floor(position / 2);
      if (position % 2 === 0) {
        expect(response.status).toBe(201);
        expect(JSON.parse(response.body)).toEqual({ name: `Pipelined ${index}` });
      } else {
        // Node hands pipelined requests to the handler without waiting for the answer
        // before, so a list may run before the create ahead of it has read its body:
        // only the order of the answers is guaranteed, not the order of the work.
        expect(response.status).toBe(200);
        expect(JSON.parse(response.body).length).toBeLessThanOrEqual(index + 1);
      }
    });
    expect(server.store.size).toBe(25);
  });
});
