// breakNext on the Node server, seen from a raw socket (exactly what went over the wire) and
// from fetch: a dropped connection, a body cut after its head, a hang that sends nothing and
// ends (dropped) on clearFaults, a sandbox's close, the server's close and the CLI's SIGTERM.
import { afterEach, describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import {
  DEMO_TOKEN,
  type PlantStoreServer,
  startPlantStoreServer,
} from "../../src/server/index.js";
import { useCliFixture } from "./support/cli-process.js";
import { openRawConnection, type RawConnection, requestHead } from "./support/raw-connection.js";

const TOKEN = "server-break-token";
const servers: PlantStoreServer[] = [];
const connections: RawConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(): Promise<PlantStoreServer> {
  const server = await startPlantStoreServer({ port: 0, tokens: [TOKEN] });
  servers.push(server);
  return server;
}

/** Sends a list request on a fresh raw connection; returns the connection and all it received. */
async function rawList(server: PlantStoreServer, token = TOKEN) {
  const connection = await openRawConnection(server.url);
  connections.push(connection);
  const received: Buffer[] = [];
  connection.socket.on("data", (chunk: Buffer) => received.push(chunk));
  await connection.write(requestHead("GET", "/plants", { Authorization: `Bearer ${token}` }));
  return { connection, received: () => Buffer.concat(received).toString("latin1") };
}

const list = (server: PlantStoreServer, token = TOKEN) =>
  fetch(`${server.url}/plants`, { headers: { authorization: `Bearer ${token}` } });

describe("breakNext on the Node server", () => {
  it("network-error: the socket closes without a byte; fetch rejects with a TypeError", async () => {
    const server = await start();
    server.breakNext("listPlants", "network-error", { times: 2 });
    const { connection, received } = await rawList(server);
    await connection.closedByServer();
    expect(received()).toBe("");
    await expect(list(server)).rejects.toBeInstanceOf(TypeError);
    expect((await list(server)).status).toBe(200);
  });

  it("truncated: the head and half the body its Content-Length promises, then the socket closes", async () => {
    const server = await start();
    server.breakNext("listPlants", "truncated", { times: 2 });
    const { connection, received } = await rawList(server);
    await connection.closedByServer();
    const raw = received();
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/json\r\n/i);
    const promised = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    expect(body.length).toBe(Math.floor(promised / 2));
    expect(body.startsWith('[{"name":')).toBe(true);

    const response = await list(server);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toBeInstanceOf(TypeError);
  });

  it("hang: nothing is sent until clearFaults(), then the socket closes without a byte", async () => {
    const server = await start();
    server.breakNext("listPlants", "hang", { times: 2 });
    const { connection, received } = await rawList(server);
    const fetched = list(server);
    await expect.poll(() => server.requests().length).toBe(2);
    expect(connection.isClosed).toBe(false);
    expect(received()).toBe("");
    server.clearFaults();
    await connection.closedByServer();
    expect(received()).toBe("");
    await expect(fetched).rejects.toBeInstanceOf(TypeError);
    expect(server.requests()).toMatchObject([
      { status: 0, broken: "hang", scripted: "breakNext" },
      { status: 0, broken: "hang", scripted: "breakNext" },
    ]);
  });

  it("hang: close() does not wait for it; the hanging connection is dropped", async () => {
    const server = await startPlantStoreServer({ port: 0, tokens: [TOKEN] });
    server.breakNext("listPlants", "hang");
    const { connection, received } = await rawList(server);
    await expect.poll(() => server.requests().length).toBe(1);
    await server.close();
    await connection.closedByServer();
    expect(received()).toBe("");
  });

  it("hang in a sandbox: ends when the sandbox closes; a malformed-json break there stays there", async () => {
    const server = await start();
    const sandbox = server.createSandbox();
    sandbox.breakNext("listPlants", "hang");
    sandbox.breakNext("listPlants", "malformed-json");
    const { connection } = await rawList(server, sandbox.token);
    await expect.poll(() => sandbox.requests().length).toBe(1);
    const response = await list(server, sandbox.token);
    await expect(response.json()).rejects.toBeInstanceOf(SyntaxError);
    expect(await (await list(server)).json()).toBeInstanceOf(Array);
    sandbox.close();
    await connection.closedByServer();
  });
});

describe("breakNext and the CLI", () => {
  const { start: startCli } = useCliFixture("break-next");

  it("on SIGTERM, a hanging request set through the admin API is dropped and the process exits 0", async () => {
    const cli = await startCli(["--port", "0", "--admin"]);
    await createPlantStoreAdmin({ baseUrl: cli.url }).breakNext("listPlants", "hang");
    const connection = await openRawConnection(cli.url);
    connections.push(connection);
    await connection.write(
      requestHead("GET", "/plants", { Authorization: `Bearer ${DEMO_TOKEN}` }),
    );
    await expect
      .poll(async () => (await createPlantStoreAdmin({ baseUrl: cli.url }).requests()).length)
      .toBe(1);
    cli.child.kill("SIGTERM");
    await connection.closedByServer();
    const run = await cli.exited;
    expect(run.code).toBe(0);
  });
});
