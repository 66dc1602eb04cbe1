// Nothing a deployment sends takes the proxy down: a status outside 200-599, a malformed
// status line or header, a body that breaks off or stalls. The app gets a 502 naming the
// deployment's origin and what was wrong (or, once the head went out, its connection is cut),
// the forward is journaled and counted, and the proxy goes on serving. Vitest fails a test on
// any error thrown or rejected unhandled meanwhile, so none is.
import { describe, expect, it } from "vitest";
import type { PlantStoreServer } from "../../src/server/index.js";
import { startRawDeployment } from "./support/raw-deployment.js";
import { send, useShadowProxy } from "./support/shadow-fixture.js";

const proxies = useShadowProxy();
const STALL_MS = 300;

const json = (body: string) =>
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;

/** The proxy is still up: its admin endpoint answers. */
async function stillServes(proxy: PlantStoreServer) {
  expect((await fetch(`${new URL(proxy.url).origin}/__admin/shadow`)).status).toBe(200);
}

describe("an answer the proxy cannot pass on: a 502 naming the deployment and why", () => {
  it.each([
    [
      "a 101 with Upgrade",
      "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n",
      "its status 101 is outside 200-599",
    ],
    [
      "a 101 without Upgrade",
      "HTTP/1.1 101 Switching Protocols\r\n\r\n",
      "its status 101 is outside 200-599",
    ],
    [
      "status 000",
      "HTTP/1.1 000 Nothing\r\ncontent-length: 2\r\n\r\n[]",
      "its status 000 is outside 200-599",
    ],
    [
      "status 999",
      "HTTP/1.1 999 Too Far\r\ncontent-length: 2\r\n\r\n[]",
      "its status 999 is outside 200-599",
    ],
    [
      "a malformed status line",
      "HTTP/1.1 2x0 OK\r\ncontent-length: 2\r\n\r\n[]",
      "its answer is malformed HTTP (Invalid status code)",
    ],
    [
      "no HTTP at all",
      "SSH-2.0-OpenSSH_9.6\r\n\r\n",
      "its answer is malformed HTTP (Expected HTTP/, RTSP/ or ICE/)",
    ],
    [
      "a malformed header name",
      "HTTP/1.1 200 OK\r\nbad header: x\r\ncontent-length: 2\r\n\r\n[]",
      "its answer is malformed HTTP (Invalid header token)",
    ],
    [
      "a header value with a control character",
      "HTTP/1.1 200 OK\r\nx-note: a\u0001b\r\ncontent-length: 2\r\n\r\n[]",
      "its answer is malformed HTTP (Invalid header value char)",
    ],
    [
      "two Content-Lengths",
      "HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n[]",
      "its answer is malformed HTTP (Duplicate Content-Length)",
    ],
  ])("%s", async (_, bytes, reason) => {
    const deployment = await startRawDeployment(bytes);
    const proxy = await proxies.start(deployment);
    const answer = await send(proxy, "GET", "/plants");
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({
      error: 502,
      message: `The deployment at ${deployment.url} sent an answer the proxy cannot pass on: ${reason}; the request was not retried.`,
    });
    expect(proxy.requests()).toMatchObject([
      {
        operation: "listPlants",
        status: 502,
        shadow: { violations: [{ kind: "http", message: reason }] },
      },
    ]);
    expect(proxy.shadowSummary()).toMatchObject({
      forwarded: 1,
      unreachable: 0,
      broken: 1,
      violations: [{ kind: "http", message: reason, count: 1, request: { seq: 1, status: 502 } }],
    });
    await stillServes(proxy);
  });

  it("a deployment that sends nothing for as long as the server's requestTimeout: 502, unanswered", async () => {
    const deployment = await startRawDeployment("", { hold: true });
    const proxy = await proxies.start(deployment, { requestTimeout: STALL_MS });
    const answer = await send(proxy, "POST", "/plants", { name: "Fern" });
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body).message).toBe(
      `The deployment at ${deployment.url} did not answer (nothing for ${STALL_MS} ms); the request was not retried.`,
    );
    expect(proxy.shadowSummary()).toMatchObject({ forwarded: 1, unreachable: 1, broken: 0 });
    expect(proxy.requests()).toMatchObject([{ operation: "createPlant", status: 502 }]);
    expect(deployment.requests).toBe(1);
  });
});

describe("an answer that breaks once its head went out: the app's connection is cut", () => {
  /** The app's fetch: the head arrives, reading the body fails. */
  async function cutOff(proxy: PlantStoreServer) {
    const response = await fetch(`${proxy.url}/plants`, {
      headers: { authorization: "Bearer deployment-token-0123456789" },
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(TypeError);
  }

  async function expectCut(proxy: PlantStoreServer, reason: string) {
    await cutOff(proxy);
    const message = `${reason}; the app's connection was cut`;
    expect(proxy.requests()).toMatchObject([
      { status: 200, shadow: { violations: [{ kind: "http", message }] } },
    ]);
    expect(proxy.shadowSummary()).toMatchObject({
      forwarded: 1,
      broken: 1,
      violations: [{ kind: "http", message, count: 1 }],
    });
    await stillServes(proxy);
  }

  it("a body that stops half-way", async () => {
    const body = '[{"name"';
    const deployment = await startRawDeployment(
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n${body}`,
    );
    await expectCut(
      await proxies.start(deployment),
      "its body broke off after 8 bytes (ECONNRESET)",
    );
  });

  it("a body that never ends (nothing more for as long as the server's requestTimeout)", async () => {
    const deployment = await startRawDeployment(
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n[{"name"',
      { hold: true },
    );
    const proxy = await proxies.start(deployment, { requestTimeout: STALL_MS });
    await expectCut(proxy, `its body stalled after 8 bytes: nothing for ${STALL_MS} ms`);
  });

  it("a chunked body whose framing is malformed", async () => {
    const deployment = await startRawDeployment(
      "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\nzz\r\n",
      { hold: true },
    );
    await expectCut(
      await proxies.start(deployment),
      "its answer is malformed HTTP (Invalid character in chunk size)",
    );
  });
});

describe("answers that are fine however odd", () => {
  it("passes a 103 Early Hints on to nobody and the final answer on to the app", async () => {
    const deployment = await startRawDeployment(
      `HTTP/1.1 103 Early Hints\r\nlink: </style.css>\r\n\r\n${json('[{"name":"Ivy"}]')}`,
    );
    const proxy = await proxies.start(deployment);
    expect(await send(proxy, "GET", "/plants")).toMatchObject({
      status: 200,
      body: '[{"name":"Ivy"}]',
    });
    expect(proxy.shadowSummary()).toMatchObject({ broken: 0, violations: [] });
  });

  it("passes a body framed by the connection's close", async () => {
    const deployment = await startRawDeployment(
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n[{"name":"Ivy"}]',
    );
    const proxy = await proxies.start(deployment);
    expect((await send(proxy, "GET", "/plants")).body).toBe('[{"name":"Ivy"}]');
    expect(proxy.shadowSummary()).toMatchObject({ broken: 0, violations: [] });
  });
});
