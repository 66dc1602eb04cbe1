// A sandbox's token stays out of every journal entry, log line and message after the sandbox
// closed: in a request that still carries it (an app that kept it), in another world's journal
// (a body, a query, a method that held it), and in a log line written when a request ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const TOKEN = "closed-tokens-api-token";

describe("the fetch handler's journals", () => {
  it("hide a closed sandbox's tokens wherever a request carried them, before and after the close", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    const sandbox = handle.createSandbox();
    const second = sandbox.createToken();
    const other = handle.createSandbox();
    const send = (token: string, path: string, init: RequestInit = {}) =>
      handle(
        new Request(`http://closed.test${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        }),
      );
    // Before the close: the global world and another sandbox are sent the token as data.
    await send(TOKEN, "/plants", { method: "POST", body: JSON.stringify({ name: sandbox.token }) });
    await send(other.token, `/plants?copy=${sandbox.token}`);
    await send(TOKEN, "/plants", { method: second });
    await send(sandbox.token, "/plants", {
      method: "POST",
      body: JSON.stringify({ name: second }),
    });
    sandbox.close();
    // After the close: an app that kept the token still sends it.
    await send(sandbox.token, `/plants?t=${sandbox.token}`);
    await send(TOKEN, `/${sandbox.token}/plants`);

    const everything = JSON.stringify([
      handle.requests(),
      handle.violations(),
      other.requests(),
      sandbox.requests(),
    ]);
    for (const token of [sandbox.token, second]) expect(everything).not.toContain(token);
    expect(handle.requests().map((entry) => [entry.method, entry.path, entry.query])).toEqual([
      ["POST", "/plants", {}],
      ["[redacted]", "/plants", {}],
      ["GET", "/plants", { t: "[redacted]" }],
      ["GET", "/[redacted]/plants", {}],
    ]);
  });
});

describe("the server's log", () => {
  let server: PlantStoreServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN], log: (line) => lines.push(line) });
  });
  afterAll(() => server.close());

  it("never shows a closed sandbox's token, in a request sent before or after the close", async () => {
    const sandbox = server.createSandbox();
    const list = (path: string) =>
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${sandbox.token}` } });
    await list(`/plants?before=${sandbox.token}`);
    sandbox.close();
    await list(`/plants?after=${sandbox.token}`);
    await list(`/${sandbox.token}/plants`);
    await expect.poll(() => lines.length).toBe(3);
    expect(lines.join("\n")).not.toContain(sandbox.token);
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/plants\?before=\[redacted\] 200 /),
      expect.stringMatching(/^GET \/plants\?after=\[redacted\] 401 /),
      expect.stringMatching(/^GET \/\[redacted\]\/plants 401 /),
    ]);
  });
});

describe("messages", () => {
  it("never repeat a sandbox token passed where a name belongs", () => {
    const handle = createPlantStoreFetchHandler();
    const { token } = handle.createSandbox();
    const thrown = [
      () => handle.failNext(token as "listPlants"),
      () => handle.createSandbox({ [token]: 1 } as object),
      () =>
        handle.failNext("listPlants", {
          status: 503,
          headers: { [token]: 1 as unknown as string },
        }),
    ].map((call) => {
      try {
        call();
      } catch (error) {
        return (error as Error).message;
      }
      return "did not throw";
    });
    expect(thrown).toEqual([
      "failNext: unknown operation (not shown: it may be a secret); use listPlants or createPlant.",
      "createSandbox: unknown option (not shown: it may be a secret); the options are seed.",
      "failNext: headers[(not shown: it may be a secret)] must be a string.",
    ]);
  });
});
