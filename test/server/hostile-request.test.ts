// Hostile request lines and headers: a huge header, a NUL in the token, a limit with
// thousands of digits, dot segments and encoded slashes. Each gets its exact answer, and
// the server keeps serving afterwards.
import { describe, expect, it } from "vitest";
import { requestHead } from "./support/raw-connection.js";
import { useServerUnderAttack } from "./support/server-under-attack.js";

const token = "hostile-request-token";
const seed = [{ name: "Seed aloe", tag: "public" }];
const limitMessage = "limit must be an integer from 0 to 2147483647.";
const notFound = "The request path is not part of the Plant Store API; use /plants.";

const attack = useServerUnderAttack({ tokens: [token], seed });

/** Sends `head` on a fresh raw connection and returns the single answer. */
async function exchange(head: string) {
  const connection = await attack.connect();
  await connection.write(head);
  const [response] = await connection.responses(1);
  return { response, connection };
}

function listAt(target: string) {
  return fetch(`${attack.server.url}${target}`, { headers: { authorization: `Bearer ${token}` } });
}

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: status, message });
}

describe("headers", () => {
  it("a 64 KiB header gets 431 with the Error body and the connection closes", async () => {
    const { response, connection } = await exchange(
      requestHead("GET", "/plants", {
        Authorization: `Bearer ${token}`,
        "X-Padding": "p".repeat(64 * 1024),
      }),
    );
    expect(response?.status).toBe(431);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 431,
      message: "The request headers are larger than the server accepts.",
    });
    await connection.closedByServer();
  });

  it("a NUL inside the bearer token gets 400 with the Error body, never the token", async () => {
    const { response, connection } = await exchange(
      requestHead("GET", "/plants", { Authorization: `Bearer ${token}\u0000${token}` }),
    );
    expect(response?.status).toBe(400);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 400,
      message: "The request is not valid HTTP/1.1.",
    });
    expect(response?.body).not.toContain(token);
    await connection.closedByServer();
  });

  it("a control character after a valid token gets 400, not the token's plants", async () => {
    const { response } = await exchange(
      requestHead("GET", "/plants", { Authorization: `Bearer ${token}\u0001` }),
    );
    expect(response?.status).toBe(400);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 400,
      message: "The request is not valid HTTP/1.1.",
    });
  });
});

describe("whitespace around the token (only spaces and tabs are whitespace there)", () => {
  it.each([
    ["\\f after", `Bearer ${token}\f`],
    ["\\v before", `Bearer \v${token}`],
  ])("a %s the token gets Node's own 400, never the token's plants", async (_, value) => {
    const { response } = await exchange(requestHead("GET", "/plants", { Authorization: value }));
    expect(response?.status).toBe(400);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 400,
      message: "The request is not valid HTTP/1.1.",
    });
  });

  it("a U+00A0 byte after the token is part of it: 401, as on every path", async () => {
    const head = Buffer.concat([
      Buffer.from(`GET /plants HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}`),
      Buffer.from([0xa0]),
      Buffer.from("\r\n\r\n"),
    ]);
    const connection = await attack.connect();
    await connection.write(head);
    const [response] = await connection.responses(1);
    expect(response?.status).toBe(401);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 401,
      message: "The bearer token in the Authorization header is not accepted.",
    });
  });

  it("spaces and tabs around the token are dropped", async () => {
    const { response } = await exchange(
      requestHead("GET", "/plants", { Authorization: `Bearer \t ${token} \t` }),
    );
    expect(response?.status).toBe(200);
  });
});

describe("request heads a client library would not send", () => {
  it("two Authorization headers, one of them valid, are not accepted: 401", async () => {
    const { response } = await exchange(
      `GET /plants HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        "Authorization: Bearer someone-else\r\n\r\n",
    );
    expect(response?.status).toBe(401);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 401,
      message: "The bearer token in the Authorization header is not accepted.",
    });
  });

  it.each([
    ["HTTP/1.1 without Host", `GET /plants HTTP/1.1\r\nAuthorization: Bearer ${token}\r\n\r\n`],
    [
      "two Host headers",
      `GET /plants HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    ],
    [
      "the same Host header twice",
      `GET /plants HTTP/1.1\r\nHost: a.example\r\nhost: a.example\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    ],
    [
      "a Host with a path",
      `GET /plants HTTP/1.1\r\nHost: evil.example/x?\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    ],
  ])("%s gets 400 naming the Host header", async (_, head) => {
    const { response } = await exchange(head);
    expect(response?.status).toBe(400);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 400,
      message: "The Host header is missing or not a valid host.",
    });
  });

  it("HTTP/1.0 without Host is served: Host is an HTTP/1.1 requirement", async () => {
    const { response } = await exchange(
      `GET /plants?limit=1 HTTP/1.0\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    expect(response?.status).toBe(200);
    expect(JSON.parse(response?.body ?? "")).toEqual(seed.slice(0, 1));
  });

  it("the absolute form of a request target is served, as RFC 9112 requires", async () => {
    const { response } = await exchange(
      `GET http://127.0.0.1/plants?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    expect(response?.status).toBe(200);
    expect(JSON.parse(response?.body ?? "")).toEqual(seed.slice(0, 1));
  });

  it.each([
    ["/plants#top", seed],
    ["/plants?limit=0#top", []],
    ["/plants#?limit=abc", seed],
  ])("a fragment in the target (%s) is neither path nor query", async (target, plants) => {
    const { response } = await exchange(
      requestHead("GET", target, { Authorization: `Bearer ${token}` }),
    );
    expect(response?.status).toBe(200);
    expect(JSON.parse(response?.body ?? "")).toEqual(plants);
  });

  it("an Expect other than 100-continue gets 417 with the Error body, nothing stored", async () => {
    const sizeBefore = attack.server.store.size;
    const body = '{"name":"Expected"}';
    const { response } = await exchange(
      requestHead("POST", "/plants", {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Content-Length": body.length,
        Expect: "200-ok",
      }) + body,
    );
    expect(response?.status).toBe(417);
    expect(JSON.parse(response?.body ?? "")).toEqual({
      error: 417,
      message: "The Expect header must be 100-continue when it is sent.",
    });
    expect(attack.server.store.size).toBe(sizeBefore);
  });
});

describe("a limit with thousands of digits", () => {
  it.each([
    ["5,000 nines", "9".repeat(5_000)],
    ["one and 3,000 zeros", `1${"0".repeat(3_000)}`],
    ["3,000 leading zeros", `${"0".repeat(3_000)}7`],
    ["5,000 digits after a decimal point", `1.${"5".repeat(5_000)}`],
  ])("%s gets 400 naming limit, without echoing the value", async (_, limit) => {
    const response = await listAt(`/plants?limit=${limit}`);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 400, message: limitMessage });
    expect(text.length).toBeLessThan(200);
  });
});

describe("dot segments and encoded slashes", () => {
  it.each([
    "/plants/..",
    "/plants/%2e%2e",
    "/plants%2F",
    "/plants%2f..",
    "/%2e%2e/%2e%2e/etc/passwd",
    "//plants",
    "/plants/",
  ])("%s is not the plants resource: 404", async (target) => {
    await expectError(await listAt(target), 404, notFound);
  });

  it.each(["/%2e%2e/plants", "/plants/../plants", "/./plants"])(
    "%s resolves to /plants as in a browser, so it lists the caller's plants",
    async (target) => {
      const response = await listAt(target);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(seed);
    },
  );

  it.each([
    ["/plants\\..\\", "The request target is not a valid URL path."],
    ["*", "The request target is not a valid URL path."],
    ["../plants", "The request is not valid HTTP/1.1."],
    // A terminal escape sequence never reaches the request log.
    ["/plants\u001b[2J", "The request is not valid HTTP/1.1."],
  ])("raw request target %s gets 400 with the Error body", async (target, message) => {
    const { response } = await exchange(
      requestHead("GET", target, { Authorization: `Bearer ${token}` }),
    );
    expect(response?.status).toBe(400);
    expect(JSON.parse(response?.body ?? "")).toEqual({ error: 400, message });
  });
});
