// Every refusal of the admin endpoints: the exact status and Error body, checked against
// openapi.admin.yaml, and proof that the refused request changed nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { type AdminCallOptions, adminCall } from "./support/admin-call.js";

const TOKEN = "admin-bad-input-token";
let server: PlantStoreServer;
let origin: string;

beforeAll(async () => {
  server = await startPlantStoreServer({
    tokens: [TOKEN],
    seed: [{ name: "Seed fern", id: 5 }],
    admin: true,
    maxBodyBytes: 1024,
  });
  origin = new URL(server.url).origin;
});
afterAll(() => server.close());

/** The state every refusal must leave alone: one created plant, one journal entry, no fault. */
beforeEach(async () => {
  await adminCall(origin, "POST", "/__admin/reset");
  const created = await fetch(`${server.url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: '{"name":"Kept"}',
  });
  expect(created.status).toBe(201);
});

async function expectNothingChanged(): Promise<void> {
  expect(server.store.entries()).toEqual([
    { id: 5, name: "Seed fern", owner: null },
    { id: 1, name: "Kept", owner: TOKEN },
  ]);
  expect(server.requests().map((entry) => entry.status)).toEqual([201]);
  // No fault was queued: both operations answer normally.
  const list = await fetch(`${server.url}/plants`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(list.status).toBe(200);
  server.clearRequests();
  const created = await fetch(`${server.url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: '{"name":"Probe"}',
  });
  expect(created.status).toBe(201);
}

async function expectRefusal(
  method: string,
  path: string,
  options: AdminCallOptions,
  status: number,
  message: string,
) {
  const answer = await adminCall(origin, method, path, options);
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { error: status, message },
  });
  await expectNothingChanged();
  return answer;
}

describe("routes", () => {
  it.each([
    ["POST", "/__admin/resets"],
    ["GET", "/__admin"],
    ["GET", "/__admin/requests/1"],
  ])("answers 404 for %s %s, which is not an admin endpoint", async (method, path) => {
    const endpoints =
      "/__admin/reset, /__admin/faults, /__admin/responses, /__admin/chaos, /__admin/requests, /__admin/violations, /__admin/coverage, /__admin/pact, /__admin/plants, /__admin/sandboxes";
    await expectRefusal(
      method,
      path,
      {},
      404,
      `The request path is not an admin endpoint; they are ${endpoints}.`,
    );
  });

  it.each([
    ["GET", "/__admin/reset", "POST"],
    ["DELETE", "/__admin/reset", "POST"],
    ["GET", "/__admin/faults", "POST, DELETE"],
    ["PUT", "/__admin/faults", "POST, DELETE"],
    ["POST", "/__admin/requests", "GET, DELETE"],
    ["DELETE", "/__admin/plants", "GET, PUT"],
    ["POST", "/__admin/plants", "GET, PUT"],
  ])("answers 405 for %s %s with Allow: %s", async (method, path, allow) => {
    const answer = await expectRefusal(
      method,
      path,
      {},
      405,
      `The ${method} method is not allowed on ${path}; use ${allow}.`,
    );
    expect(answer.headers.get("allow")).toBe(allow);
  });
});

describe("bodies", () => {
  it("answers 415 for a body that is not JSON", async () => {
    await expectRefusal(
      "POST",
      "/__admin/faults",
      { rawBody: "operation=listPlants", headers: { "content-type": "text/plain" } },
      415,
      "The Content-Type header must be application/json or another +json type.",
    );
  });

  it("answers 413 for a body over the size limit", async () => {
    const plants = Array.from({ length: 100 }, (_, index) => ({ name: `Plant number ${index}` }));
    await expectRefusal(
      "PUT",
      "/__admin/plants",
      { body: plants },
      413,
      "The request body is larger than the 1024-byte limit.",
    );
  });

  it("answers 400 for malformed JSON", async () => {
    await expectRefusal(
      "POST",
      "/__admin/faults",
      { rawBody: '{"operation": ' },
      400,
      "The request body is not valid JSON.",
    );
  });
});

describe("POST /__admin/faults refuses a bad fault, naming the field", () => {
  it.each<[string, unknown, string]>([
    ["an array", [], "The request body must be a JSON object such as { operation, status }."],
    ["no operation", { status: 500 }, "operation is required: listPlants or createPlant."],
    [
      "an unknown operation",
      { operation: "deletePlant", status: 500 },
      'unknown operation "deletePlant"; use listPlants or createPlant.',
    ],
    [
      "a status below 400",
      { operation: "listPlants", status: 302 },
      "status must be an integer from 400 to 599.",
    ],
    [
      "a status above 599",
      { operation: "listPlants", status: 600 },
      "status must be an integer from 400 to 599.",
    ],
    [
      "a status as text",
      { operation: "listPlants", status: "503" },
      "status must be an integer from 400 to 599.",
    ],
    [
      "a message that is not text",
      { operation: "listPlants", status: 503, message: 5 },
      "message must be a string.",
    ],
    [
      "headers as an array",
      { operation: "listPlants", status: 503, headers: ["Retry-After: 1"] },
      "headers must be a Headers or an object of header names and string values.",
    ],
    [
      "a header name with a space",
      { operation: "listPlants", status: 503, headers: { "Retry After": "1" } },
      'headers: "Retry After" is not a valid header name.',
    ],
    [
      "a header value that is a number",
      { operation: "listPlants", status: 503, headers: { "Retry-After": 1 } },
      'headers["Retry-After"] must be a string.',
    ],
    [
      "a header value with a line break",
      { operation: "listPlants", status: 503, headers: { "X-A": "a\r\nSet-Cookie: b" } },
      'headers["X-A"] is not a valid header value: visible ASCII, spaces and tabs only.',
    ],
    [
      "a header the server frames the body with",
      { operation: "listPlants", status: 503, headers: { "Content-Length": "0" } },
      'headers: "Content-Length" cannot be set; the server frames and encodes the body itself.',
    ],
    [
      "a header that encodes the body",
      { operation: "listPlants", status: 503, headers: { "Content-Encoding": "gzip" } },
      'headers: "Content-Encoding" cannot be set; the server frames and encodes the body itself.',
    ],
    [
      "a good failure with a bad delay: neither is set",
      { operation: "listPlants", status: 503, delayMs: -1 },
      "delayMs must be a number of milliseconds from 0 to 2147483647.",
    ],
    [
      "times 0",
      { operation: "listPlants", status: 503, times: 0 },
      'times must be an integer from 1 to 9007199254740991, or "Infinity".',
    ],
    [
      "fractional times",
      { operation: "listPlants", status: 503, times: 1.5 },
      'times must be an integer from 1 to 9007199254740991, or "Infinity".',
    ],
    [
      "times as other text",
      { operation: "listPlants", status: 503, times: "always" },
      'times must be an integer from 1 to 9007199254740991, or "Infinity".',
    ],
    [
      "a negative delay",
      { operation: "listPlants", delayMs: -1 },
      "delayMs must be a number of milliseconds from 0 to 2147483647.",
    ],
    [
      "a delay as text",
      { operation: "listPlants", delayMs: "100" },
      "delayMs must be a number of milliseconds from 0 to 2147483647.",
    ],
    [
      "a delay too long for a timer",
      { operation: "listPlants", delayMs: 2 ** 31 },
      "delayMs must be a number of milliseconds from 0 to 2147483647.",
    ],
    [
      "a misspelt field",
      { operation: "listPlants", stauts: 503 },
      "stauts is not a field of a fault; use operation, status, message, headers, times, when, delayMs, break.",
    ],
    [
      "a delay with a message but no status",
      { operation: "listPlants", delayMs: 10, message: "slow" },
      "message and headers with delayMs need a status: without one the fault only delays the call.",
    ],
    [
      "a delay with headers but no status",
      { operation: "listPlants", delayMs: 10, headers: { "Retry-After": "1" } },
      "message and headers with delayMs need a status: without one the fault only delays the call.",
    ],
  ])("refuses %s", async (_case, body, message) => {
    await expectRefusal("POST", "/__admin/faults", { body }, 400, message);
  });
});

describe("PUT /__admin/plants refuses a bad body whole, as a seed file is refused", () => {
  it.each<[string, unknown, string]>([
    ["an object", { name: "Aloe" }, "The request body must be a JSON array of plants."],
    [
      "an item that is not an object",
      [{ name: "Aloe" }, "Fern"],
      "item 1: must be an object with a name.",
    ],
    ["an item without a name", [{ tag: "x" }], 'item 0: "name" must be a non-empty string.'],
    ["an empty name", [{ name: "" }], 'item 0: "name" must be a non-empty string.'],
    ["a tag that is not text", [{ name: "Aloe", tag: 3 }], 'item 0: "tag" must be a string.'],
    [
      "id 0",
      [{ name: "Aloe", id: 0 }],
      'item 0: "id" must be an integer from 1 to 9007199254740991.',
    ],
    [
      "a fractional id",
      [{ name: "Aloe", id: 1.5 }],
      'item 0: "id" must be an integer from 1 to 9007199254740991.',
    ],
    [
      "an unsafe id",
      [{ name: "Aloe", id: 2 ** 53 }],
      'item 0: "id" must be an integer from 1 to 9007199254740991.',
    ],
    [
      "an id used twice",
      [
        { name: "A", id: 3 },
        { name: "B", id: 3 },
      ],
      "id 3 is used twice.",
    ],
    [
      "a private plant",
      [{ name: "Aloe", public: false }],
      'item 0: "public" must be true or left out: plants loaded through the admin API are public.',
    ],
  ])("refuses %s", async (_case, body, message) => {
    await expectRefusal("PUT", "/__admin/plants", { body }, 400, message);
  });
});
