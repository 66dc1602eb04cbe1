// Slow and idle clients: a body that never ends, headers that never end, a Content-Length
// that promises more than arrives, and hundreds of connections that send nothing. The
// server gives up on each after its configured timeout (short here, so the test is quick)
// and keeps answering everyone else meanwhile.
import { describe, expect, it } from "vitest";
import { type RawConnection, requestHead } from "./support/raw-connection.js";
import { useServerUnderAttack } from "./support/server-under-attack.js";
import { expectStillServing } from "./support/still-serving.js";

const token = "slow-client-token";
const timeouts = { requestTimeout: 1_000, headersTimeout: 700, keepAliveTimeout: 300 };
const bodyTimedOut = {
  error: 408,
  message: `The request body was not received completely within ${timeouts.requestTimeout} ms.`,
};
const headersTimedOut = {
  error: 408,
  message: `The request headers were not received within ${timeouts.headersTimeout} ms.`,
};

const attack = useServerUnderAttack({ tokens: [token], seed: [], ...timeouts });
const { connect } = attack;

const createHead = (framing: Record<string, string | number>) =>
  requestHead("POST", "/plants", {
    Authorization: `Bearer ${token}`,
    "Content-Type": "application/json",
    ...framing,
  });

describe("a request that never ends", () => {
  it("a chunked body trickling forever gets 408 after the request timeout", async () => {
    const connection = await connect();
    await connection.write(createHead({ "Transfer-Encoding": "chunked" }));
    await connection.write("1\r\n{\r\n");
    // One byte every 100 ms keeps the socket busy, so only a whole-request limit stops it.
    const trickle = setInterval(() => {
      if (!connection.isClosed) connection.write("1\r\n \r\n").catch(() => {});
    }, 100);
    try {
      const [response] = await connection.responses(1, 15_000);
      expect(response?.status).toBe(408);
      expect(JSON.parse(response?.body ?? "")).toEqual(bodyTimedOut);
      await connection.closedByServer();
    } finally {
      clearInterval(trickle);
    }
    expect(attack.server.store.size).toBe(0);
  });

  it("a Content-Length longer than the body, client waiting, gets 408", async () => {
    const connection = await connect();
    await connection.write(`${createHead({ "Content-Length": 100 })}{"name":"Never finished"}`);
    const [response] = await connection.responses(1, 15_000);
    expect(response?.status).toBe(408);
    expect(JSON.parse(response?.body ?? "")).toEqual(bodyTimedOut);
    await connection.closedByServer();
    expect(attack.server.store.size).toBe(0);
  });

  it("headers that never end get 408 after the headers timeout", async () => {
    const connection = await connect();
    await connection.write(
      `GET /plants HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n`,
    );
    const [response] = await connection.responses(1, 15_000);
    expect(response?.status).toBe(408);
    expect(JSON.parse(response?.body ?? "")).toEqual(headersTimedOut);
    expect(response?.body).not.toContain(token);
    await connection.closedByServer();
  });
});

describe("idle connections", () => {
  it("500 silent connections: others are still served, and each is closed after the timeout", async () => {
    const idle: RawConnection[] = [];
    // In batches, so the listen backlog is never the thing being tested.
    for (let batch = 0; batch < 5; batch++) {
      idle.push(...(await Promise.all(Array.from({ length: 100 }, () => connect()))));
    }
    await expectStillServing(attack.server.url, token);
    await Promise.all(idle.map((connection) => connection.closedByServer(20_000)));
    for (const connection of idle) {
      const responses = await connection.responses(1, 100);
      expect(responses.map((response) => response.status)).toEqual([408]);
      expect(JSON.parse(responses[0]?.body ?? "")).toEqual(headersTimedOut);
    }
  }, 40_000);

  it("an idle keep-alive connection is closed after the keep-alive timeout", async () => {
    const connection = await connect();
    await connection.write(requestHead("GET", "/plants", { Authorization: `Bearer ${token}` }));
    const [response] = await connection.responses(1);
    expect(response?.status).toBe(200);
    await connection.closedByServer(10_000);
  });
});
