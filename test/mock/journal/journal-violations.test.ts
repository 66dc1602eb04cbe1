// Contract violations (issue 30): the requests the contract refused because of what the caller
// sent are flagged with the Error message and listed by violations(); a 409 and anything a test
// scripted never are; clearRequests() and a sandbox's reset() clear them.
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";

const BASE = "https://violations.test";
const TOKEN = "violations-token";

function send(path: string, init: RequestInit = {}, token: string | null = TOKEN): Request {
  const auth: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  return new Request(`${BASE}${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
  });
}

function create(body: string, contentType = "application/json", token = TOKEN): Request {
  return send("/plants", { method: "POST", headers: { "content-type": contentType }, body }, token);
}

describe("violations()", () => {
  it("flags every refusal of what the caller sent with its Error message", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN], maxBodyBytes: 64 });
    const answers = [
      await handle(send("/plants?limit=-1")),
      await handle(create('{"name":5}')),
      await handle(send("/plants", {}, null)),
      await handle(send("/elsewhere")),
      await handle(send("/plants", { method: "PATCH" })),
      await handle(create(JSON.stringify({ name: "x".repeat(100) }))),
      await handle(create('{"name":"Fern"}', "text/plain")),
    ];
    const messages = await Promise.all(
      answers.map(async (answer) => [
        answer.status,
        ((await answer.json()) as { message: string }).message,
      ]),
    );
    expect(messages.map(([status]) => status)).toEqual([400, 400, 401, 404, 405, 413, 415]);
    expect(handle.violations().map((entry) => [entry.status, entry.violation])).toEqual(messages);
    expect(handle.violations()).toEqual(handle.requests());
    expect(handle.violations({ operation: "createPlant" }).map((entry) => entry.status)).toEqual([
      400, 413, 415,
    ]);
    expect(handle.violations({ operation: null, status: 405 })[0]?.violation).toBe(
      "The PATCH method is not allowed on /plants; use GET or POST.",
    );
  });

  it("never flags an answer the caller could not foresee: 2xx, a 409", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    expect((await handle(create('{"name":"A","id":77}'))).status).toBe(201);
    expect((await handle(create('{"name":"B","id":77}'))).status).toBe(409);
    expect((await handle(send("/plants"))).status).toBe(200);
    expect(handle.violations()).toEqual([]);
    expect(handle.requests().map((entry) => entry.violation)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(handle.requests()[1]).not.toHaveProperty("violation");
  });

  it("never flags an answer failNext scripted, even a 400", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    handle.failNext("createPlant", { status: 400 });
    handle.failNext("listPlants", { status: 401 });
    expect((await handle(create('{"name":"Fine"}'))).status).toBe(400);
    expect((await handle(send("/plants"))).status).toBe(401);
    expect(handle.requests().map((entry) => [entry.status, entry.scripted])).toEqual([
      [400, "failNext"],
      [401, "failNext"],
    ]);
    expect(handle.violations()).toEqual([]);
  });

  it("are cleared with the journal: clearRequests(), a sandbox's reset()", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await handle(send("/elsewhere"));
    expect(handle.violations()).toHaveLength(1);
    handle.clearRequests();
    expect(handle.violations()).toEqual([]);

    const sandbox = handle.createSandbox();
    await handle(send("/plants?limit=x", {}, sandbox.token));
    expect(sandbox.violations().map((entry) => entry.violation)).toEqual([
      "limit must be an integer from 0 to 2147483647.",
    ]);
    // A sandbox's violations are its own: the global list covers requests outside sandboxes.
    expect(handle.violations()).toEqual([]);
    sandbox.reset();
    expect(sandbox.violations()).toEqual([]);
  });

  it("are listed by the MSW handler set too", async () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE, tokens: [TOKEN] });
    await getResponse(plantStore.handlers, create("{"));
    expect(plantStore.violations().map((entry) => [entry.operation, entry.violation])).toEqual([
      ["createPlant", "The request body is not valid JSON."],
    ]);
  });

  it("never show a token: a method that is a token accepted later is redacted", async () => {
    // Open mode: any well-formed token is accepted, so the core cannot know it is one yet.
    const handle = createPlantStoreFetchHandler();
    const later = "caller-token-used-as-method";
    const answer = await handle(send("/plants", { method: later }, "first-caller-token"));
    expect(((await answer.json()) as { message: string }).message).toContain(later);
    await handle(send("/plants", {}, later));
    const [violation] = handle.violations();
    expect(violation?.status).toBe(405);
    expect(violation?.violation).toBe("[redacted]");
    expect(JSON.stringify(handle.requests())).not.toContain(later);
  });

  it("refuses a bad filter as requests() does, naming violations", () => {
    const handle = createPlantStoreFetchHandler();
    expect(() => handle.violations({ status: 1000 })).toThrow(
      new RangeError("violations: status must be 0 (no answer) or an integer from 100 to 599."),
    );
  });
});
