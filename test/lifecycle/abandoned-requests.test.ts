// A request the app gave up on (its own timeout or abort) while the mock held it: listed once,
// in arrival order, with status 0 (no answer was sent), counted in no coverage row, and a create
// stores nothing. On the fetch handler, MSW in Node and the Node server.
import { connect } from "node:net";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import "../../src/matchers/vitest.js";
import { plantStoreMatchers } from "../../src/matchers/vitest.js";
import type { CoverageRow } from "../../src/mock/index.js";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { activeTimers, until } from "../support/event-loop.js";

expect.extend(plantStoreMatchers);

const TOKEN = "abandoned-token";
const BODY = '{"name":"Given up on"}';
const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };

const answered = (rows: readonly CoverageRow[]) => rows.filter((row) => row.count > 0);

describe("the fetch handler", () => {
  it("an aborted list and create: status 0, in arrival order, no coverage, nothing stored", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    const size = handle.store.size;
    handle.delayNext("listPlants", 60_000);
    handle.delayNext("createPlant", 60_000);
    const controller = new AbortController();
    const { signal } = controller;
    const timers = activeTimers();
    const list = handle(new Request("http://h.test/plants", { headers, signal }));
    const create = handle(
      new Request("http://h.test/plants", { method: "POST", headers, body: BODY, signal }),
    );
    // Both arrived (a create once its body is read) and wait; then the app gives up on both.
    await until(() => activeTimers() === timers + 2, "both requests wait");
    controller.abort(new Error("the app gave up"));
    await expect(list).rejects.toThrow("the app gave up");
    await expect(create).rejects.toThrow("the app gave up");
    expect(handle.requests()).toMatchObject([
      { operation: "listPlants", status: 0 },
      { operation: "createPlant", status: 0, body: { name: "Given up on" } },
    ]);
    expect(handle).toHaveReceivedTimes("createPlant", 1);
    expect(answered(handle.coverage())).toEqual([]);
    expect(handle.store.size).toBe(size);
  }, 30_000);
});

describe("the MSW handler set", () => {
  const base = "http://abandoned-msw.test";
  const plantStore = createPlantStoreHandlers({ baseUrl: base, tokens: [TOKEN] });
  const server = setupServer(...plantStore.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
  afterAll(() => server.close());

  it("an aborted list and create: status 0, in arrival order, no coverage, nothing stored", async () => {
    const size = plantStore.store.size;
    plantStore.delayNext("listPlants", 60_000);
    plantStore.delayNext("createPlant", 60_000);
    const controller = new AbortController();
    const { signal } = controller;
    const timers = activeTimers();
    const list = fetch(`${base}/plants`, { headers, signal });
    await until(() => activeTimers() === timers + 1, "the list waits");
    const create = fetch(`${base}/plants`, { method: "POST", headers, body: BODY, signal });
    await until(() => activeTimers() === timers + 2, "the create waits");
    controller.abort();
    await expect(list).rejects.toThrow();
    await expect(create).rejects.toThrow();
    await vi.waitFor(() =>
      expect(plantStore.requests()).toMatchObject([
        { operation: "listPlants", status: 0 },
        { operation: "createPlant", status: 0, body: { name: "Given up on" } },
      ]),
    );
    expect(plantStore).toHaveReceivedTimes("createPlant", 1);
    expect(answered(plantStore.coverage())).toEqual([]);
    expect(plantStore.store.size).toBe(size);
  });
});

describe("the Node server", () => {
  let server: PlantStoreServer;
  beforeAll(async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN], log: () => {} });
  });
  afterAll(() => server.close());

  /**
   * Sends `raw` on a connection of its own and closes it once `arrived` says the server has the
   * request (it sees what the server sent so far).
   */
  async function sendAndAbandon(raw: string, arrived: (received: string) => boolean) {
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    let received = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => undefined);
    socket.write(raw);
    await until(() => arrived(received), "the server has the request");
    socket.destroy();
  }

  const head = (method: string, token: string, extra = "") =>
    `${method} /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n${extra}\r\n`;
  const json = `Content-Type: application/json\r\nContent-Length: ${BODY.length}\r\n`;

  it("a list, a create held by a delay, and a create whose body never ended: status 0 each, in order", async () => {
    // The abandoned requests go to a sandbox; a marker list pipelined behind each goes to the
    // global world, and once it is listed there, the request before it has arrived.
    const sandbox = server.createSandbox();
    const markers = () => server.requests().length;
    const marker = head("GET", TOKEN, "Connection: close\r\n");
    sandbox.delayNext("listPlants", 60_000);
    await sendAndAbandon(head("GET", sandbox.token) + marker, () => markers() === 1);
    sandbox.delayNext("createPlant", 60_000);
    await sendAndAbandon(head("POST", sandbox.token, json) + BODY + marker, () => markers() === 2);
    // Half a body once the server asked for it, then the connection closes: it never ends.
    const half = head("POST", sandbox.token, `${json}Expect: 100-continue\r\n`) + BODY.slice(0, 5);
    await sendAndAbandon(half, (received) => received.includes("100 Continue"));
    await until(() => sandbox.requests().length === 3, "all three are listed");
    expect(sandbox.requests()).toMatchObject([
      { operation: "listPlants", status: 0 },
      { operation: "createPlant", status: 0, body: { name: "Given up on" } },
      { operation: "createPlant", status: 0 },
    ]);
    expect(sandbox).toHaveReceivedTimes("createPlant", 2);
    expect(answered(sandbox.coverage())).toEqual([]);
    expect(sandbox.store.list(sandbox.token).map((plant) => plant.name)).not.toContain(
      "Given up on",
    );
  });
});
