// The token never appears in a log line or an answer. cli/cli.test.ts checks plain good and
// bad requests; this sends the token every hostile way a client might (malformed,
// oversized, cut off, in the URL as RFC 6750 allows, under another scheme) and then
// searches everything the process printed and every answer it sent.
import { beforeAll, expect, it } from "vitest";
import { type RunningCli, useCliFixture } from "./support/cli-process.js";
import { openRawConnection, requestHead } from "./support/raw-connection.js";

const secret = "Sec-ret.token_9f3b2c7d~reliability";
const requestTimeout = 1_000;
const { start } = useCliFixture("secrets");
let cli: RunningCli;
const answers: string[] = [];

beforeAll(async () => {
  cli = await start([
    "--port",
    "0",
    "--token",
    secret,
    "--request-timeout",
    String(requestTimeout),
  ]);
});

async function send(path: string, init: RequestInit = {}): Promise<number> {
  const response = await fetch(`${cli.url}${path}`, init);
  answers.push(await response.text());
  return response.status;
}

/** Sends raw bytes and records whatever comes back until the server closes. */
async function sendRaw(bytes: string): Promise<number | undefined> {
  const connection = await openRawConnection(cli.url);
  await connection.write(bytes);
  await connection.closedByServer(15_000);
  const responses = await connection.responses(1, 100);
  answers.push(
    ...responses.map((response) => `${JSON.stringify(response.headers)}${response.body}`),
  );
  return responses[0]?.status;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { "content-type": "application/json" };

it("keeps the token out of every log line and answer, however it is sent", async () => {
  expect(await send("/plants", { headers: bearer(secret) })).toBe(200);
  const created = { method: "POST", headers: { ...bearer(secret), ...json } };
  expect(await send("/plants", { ...created, body: '{"name":"Logged fern"}' })).toBe(201);
  expect(await send("/plants", { ...created, body: '{"name":' })).toBe(400);
  expect(await send("/plants", { ...created, body: '{"name":"x","id":-1}' })).toBe(400);
  expect(await send("/nowhere", { headers: bearer(secret) })).toBe(404);
  expect(await send("/plants", { method: "DELETE", headers: bearer(secret) })).toBe(405);

  for (const wrong of [`${secret}x`, secret.slice(0, -1), secret.toUpperCase()]) {
    expect(await send("/plants", { headers: bearer(wrong) })).toBe(401);
  }
  const basic = `Basic ${Buffer.from(`user:${secret}`).toString("base64")}`;
  expect(await send("/plants", { headers: { authorization: basic } })).toBe(401);
  expect(await send("/plants", { headers: { authorization: `Token ${secret}` } })).toBe(401);
  expect(await send("/plants", { headers: { authorization: `Bearer ${secret} extra` } })).toBe(401);
  // RFC 6750 lets a client put the token in the query; this server does not read it there,
  // but must not write it to its log either.
  expect(await send(`/plants?access_token=${secret}`, { headers: bearer(secret) })).toBe(200);
  expect(await send(`/plants?access_token=${secret}`)).toBe(401);

  const head = (extra: Record<string, string>) =>
    requestHead("GET", "/plants", { Authorization: `Bearer ${secret}`, ...extra });
  expect(await sendRaw(head({}).replace(secret, `${secret}\u0000`))).toBe(400);
  expect(await sendRaw(head({ "X-Padding": "p".repeat(64 * 1024) }))).toBe(431);
  // Headers cut off after the token: the server gives up after the request timeout.
  expect(await sendRaw(head({}).slice(0, -2))).toBe(408);

  cli.child.kill("SIGTERM");
  expect((await cli.exited).code).toBe(0);
  const [stdout, stderr] = [cli.stdout(), cli.stderr()];
  // The log really ran: one line per request (so the search below searched something).
  expect(stdout).toMatch(/^GET \/plants 200 \d+\.\d ms$/m);
  expect(stdout).toMatch(/^POST \/plants 201 /m);
  for (const text of [stdout, stderr, ...answers]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(0, 12));
  }
}, 40_000);

it("keeps API and admin tokens out of the log, the journal and every answer, wherever they hide", async () => {
  const apiSecret = "Api-secret.token_4e1d9a7b~hiding";
  const adminSecret = "Admin-secret.token_7c2b8e0f~hiding";
  const run = await start(["--port", "0", "--token", apiSecret, "--admin-token", adminSecret]);
  const seen: string[] = [];
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${run.url}${path}`, init);
    seen.push(await response.text());
    return response.status;
  };
  try {
    const api = bearer(apiSecret);
    const admin = bearer(adminSecret);
    // In the target: a query value, a path segment, of the API and of the admin endpoints.
    expect(await call(`/plants?key=${adminSecret}`, { headers: api })).toBe(200);
    expect(await call(`/plants/${adminSecret}`, { headers: api })).toBe(404);
    // The journal's filter refuses an unknown parameter or a bad value without repeating it.
    expect(await call(`/__admin/requests?token=${adminSecret}`, { headers: admin })).toBe(400);
    expect(await call(`/__admin/violations?${adminSecret}=1`, { headers: admin })).toBe(400);
    expect(await call(`/__admin/requests?status=${adminSecret}`, { headers: admin })).toBe(400);
    expect(await call(`/__admin/${apiSecret}`, { headers: admin })).toBe(404);
    expect(await call(`/__admin/x${adminSecret}`, { headers: admin })).toBe(404);
    // In a create body: a value, inside a longer value, a key, an escaped string.
    const bodies = [
      JSON.stringify({ name: "Fern", apiKey: apiSecret }),
      JSON.stringify({ name: "Fern", note: `the admin one is ${adminSecret}` }),
      JSON.stringify({ name: "Fern", [apiSecret]: true }),
      `{"name":"Fern","k":"\\u0041${apiSecret.slice(1)}"}`,
    ];
    for (const body of bodies) {
      expect(await call("/plants", { method: "POST", headers: { ...api, ...json }, body })).toBe(
        201,
      );
    }
    // As the method (any token is a valid method name): Node's parser refuses unknown ones.
    expect(await call("/plants", { method: apiSecret, headers: api })).toBe(400);

    const journal = await fetch(`${run.url}/__admin/requests`, { headers: admin });
    const entries = (await journal.json()) as { method: string; path: string; body?: unknown }[];
    seen.push(JSON.stringify(entries));
    expect(entries.map((entry) => [entry.method, entry.path])).toEqual([
      ["GET", "/plants"],
      ["GET", "/plants/[redacted]"],
      ["POST", "/plants"],
      ["POST", "/plants"],
      ["POST", "/plants"],
      ["POST", "/plants"],
    ]);
    expect(entries.slice(2, 6).map((entry) => entry.body)).toEqual([
      { name: "Fern", apiKey: "[redacted]" },
      { name: "Fern", note: "[redacted]" },
      { name: "Fern", "[redacted]": true },
      { name: "Fern", k: "[redacted]" },
    ]);
  } finally {
    run.child.kill("SIGTERM");
    await run.exited;
  }
  const [stdout, stderr] = [run.stdout(), run.stderr()];
  expect(stdout).toMatch(/^GET \/plants\?key=\[redacted\] 200 /m);
  expect(stdout).toMatch(/^GET \/__admin\/requests\?token=\[redacted\] 400 /m);
  for (const text of [stdout, stderr, ...seen]) {
    for (const secret of [apiSecret, adminSecret]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(1, 16));
    }
  }
}, 40_000);
