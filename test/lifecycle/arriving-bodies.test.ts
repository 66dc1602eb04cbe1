// A create arrives once its body has been read whole, so what happens while its body is still
// on the way (a reset, a new scenario, its sandbox closing, the app giving up) is what it
// arrives to: it takes the scenarios set by then, is listed in the journal it arrived in, and a
// sandbox closed in the meantime is not there to store it.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { until } from "../support/event-loop.js";

const TOKEN = "arriving-token";
const BODY = '{"name":"Slow fern"}';
const CLOSED_SANDBOX =
  "The bearer token in the Authorization header is a sandbox token (psb_...) whose sandbox is closed or expired (or never existed); create a new sandbox.";

/** A request body the test sends piece by piece: `send()` more of it, `end()` it, or `fail()`. */
function slowBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const bytes = new TextEncoder().encode(BODY);
  return {
    stream,
    send: () => controller?.enqueue(bytes.subarray(0, 5)),
    end: () => {
      controller?.enqueue(bytes.subarray(5));
      controller?.close();
    },
    fail: () => controller?.error(new Error("the upload broke off")),
  };
}

function createWith(token: string, body: ReadableStream<Uint8Array>, signal?: AbortSignal) {
  return new Request("http://arriving.test/plants", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
    signal,
    duplex: "half",
  } as RequestInit);
}

const settle = (answer: Promise<Response>) =>
  answer.then(
    async (response) => [response.status, await response.json()],
    (error: Error) => ["rejected", error.message],
  );

describe("the fetch handler", () => {
  it("a reset and a failNext while the body arrives: the create takes the failNext and is listed", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    const body = slowBody();
    const answer = settle(handle(createWith(TOKEN, body.stream)));
    body.send();
    handle.reset();
    handle.failNext("createPlant", { status: 503 });
    body.end();
    expect((await answer)[0]).toBe(503);
    expect(handle.requests()).toMatchObject([
      { operation: "createPlant", status: 503, scripted: "failNext", body: { name: "Slow fern" } },
    ]);
  });

  it("a failNext with when set while the body arrives applies to it, matched by the body that arrives", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    const body = slowBody();
    const answer = settle(handle(createWith(TOKEN, body.stream)));
    body.send();
    handle.failNext("createPlant", { status: 409, when: { body: { name: "Other fern" } } });
    handle.failNext("createPlant", { status: 503, when: { body: { name: "Slow fern" } } });
    body.end();
    expect((await answer)[0]).toBe(503);
  });

  it("a sandbox closed while the body arrives: the create gets the closed sandbox's 401 and nothing is stored", async () => {
    const handle = createPlantStoreFetchHandler();
    const sandbox = handle.createSandbox();
    const body = slowBody();
    const answer = settle(handle(createWith(sandbox.token, body.stream)));
    body.send();
    sandbox.close();
    body.end();
    expect(await answer).toEqual([401, { error: 401, message: CLOSED_SANDBOX }]);
    expect(sandbox.store.list(sandbox.token).map((plant) => plant.name)).not.toContain("Slow fern");
    expect(sandbox.requests()).toEqual([]);
    expect(handle.requests()).toMatchObject([{ operation: "createPlant", status: 401 }]);
  });

  it("the app aborts while its body is still uploading: the call ends, listed once with status 0", async () => {
    const handle = createPlantStoreFetchHandler();
    const size = handle.store.size;
    const controller = new AbortController();
    const body = slowBody();
    const answer = settle(handle(createWith(TOKEN, body.stream, controller.signal)));
    body.send();
    controller.abort(new Error("gave up"));
    expect(await answer).toEqual(["rejected", "gave up"]);
    expect(handle.requests()).toMatchObject([{ operation: "createPlant", status: 0 }]);
    expect(handle.coverage().filter((row) => row.count > 0)).toEqual([]);
    expect(handle.store.size).toBe(size);
  });

  it("an upload that breaks off: no answer, listed with status 0, counted nowhere", async () => {
    const handle = createPlantStoreFetchHandler();
    const body = slowBody();
    const answer = settle(handle(createWith(TOKEN, body.stream)));
    body.send();
    body.fail();
    expect((await answer)[0]).toBe("rejected");
    expect(handle.requests()).toMatchObject([{ operation: "createPlant", status: 0 }]);
    expect(handle.coverage().filter((row) => row.count > 0)).toEqual([]);
  });
});

describe("the Node server", () => {
  let server: PlantStoreServer;
  beforeAll(async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN], log: () => {} });
  });
  afterAll(() => server.close());

  /** Sends a create's head and the start of its body; `finish()` sends the rest. */
  async function startCreate(token: string) {
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    let received = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      received += chunk;
    });
    socket.write(
      `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${BODY.length}\r\n` +
        `Expect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    // The server asks for the body once the core reads it: the request is in, not arrived.
    await until(() => received.includes("100 Continue"), "the server asks for the body");
    socket.write(BODY.slice(0, 5));
    const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
    return {
      finish: async () => {
        socket.end(BODY.slice(5));
        const text = await closed;
        return Number(/HTTP\/1\.1 (\d{3}) (?!Continue)/.exec(text)?.[1]);
      },
    };
  }

  it("a reset and a failNext while the body arrives: the create takes the failNext and is listed", async () => {
    server.reset();
    const create = await startCreate(TOKEN);
    server.reset();
    server.failNext("createPlant", { status: 503 });
    expect(await create.finish()).toBe(503);
    expect(server.requests()).toMatchObject([
      { operation: "createPlant", status: 503, scripted: "failNext", body: { name: "Slow fern" } },
    ]);
  });

  it("a sandbox closed while the body arrives: 401, nothing stored in it", async () => {
    const sandbox = server.createSandbox();
    const create = await startCreate(sandbox.token);
    sandbox.close();
    expect(await create.finish()).toBe(401);
    expect(sandbox.store.entries().map((plant) => plant.name)).not.toContain("Slow fern");
    expect(sandbox.requests()).toEqual([]);
  });
});
