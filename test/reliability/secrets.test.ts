// The token never appears in a log line or an answer. test/server checks plain good and
// bad requests; this sends the token every hostile way a client might (malformed,
// oversized, cut off, in the URL as RFC 6750 allows, under another scheme) and then
// searches everything the process printed and every answer it sent.
import { afterAll, beforeAll, expect, it } from "vitest";
import { openRawConnection, requestHead } from "./support/raw-connection.js";
import { type RunningCli, startCli } from "./support/spawn-cli.js";

const secret = "Sec-ret.token_9f3b2c7d~reliability";
const requestTimeout = 1_000;
let cli: RunningCli;
const answers: string[] = [];

beforeAll(async () => {
  cli = await startCli(["--token", secret, "--request-timeout", String(requestTimeout)]);
});

afterAll(() => {
  cli?.child.kill("SIGKILL");
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
  expect(await cli.exited()).toBe(0);
  const { stdout, stderr } = cli.output();
  // The log really ran: one line per request (so the search below searched something).
  expect(stdout).toMatch(/^GET \/plants 200 \d+\.\d ms$/m);
  expect(stdout).toMatch(/^POST \/plants 201 /m);
  for (const text of [stdout, stderr, ...answers]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(0, 12));
  }
}, 40_000);
