import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseCliArgs } from "../../src/server/cli/cli-args.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { sendHeldListOverHttp } from "../lifecycle/support/serving-paths.js";

const TOKEN = "server-sandbox-token";
const servers: PlantStoreServer[] = [];
const directories: string[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(directories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function list(url: string, token: string, path = "/plants"): Promise<Response> {
  return fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

function create(url: string, token: string, name: string): Promise<Response> {
  return fetch(`${url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
}

describe("sandboxes on the Node server", () => {
  it("isolates 50 sandboxes driven concurrently over HTTP, on a server with a fixed token list", async () => {
    const server = await startPlantStoreServer({ tokens: [TOKEN], seed: [{ name: "Fern" }] });
    servers.push(server);
    const sandboxes = Array.from({ length: 50 }, () => server.createSandbox());
    await Promise.all(
      sandboxes.map(async (sandbox, index) => {
        expect((await create(server.url, sandbox.token, `plant-${index}`)).status).toBe(201);
        sandbox.failNext("createPlant", { status: 503 });
        expect((await create(server.url, sandbox.token, `lost-${index}`)).status).toBe(503);
        expect(await (await list(server.url, sandbox.token)).json()).toEqual([
          { name: "Fern" },
          { name: `plant-${index}` },
        ]);
      }),
    );
    for (const [index, sandbox] of sandboxes.entries()) {
      expect(sandbox.requests().map((entry) => [entry.status, entry.body])).toEqual([
        [201, { name: `plant-${index}` }],
        [503, { name: `lost-${index}` }],
        [200, undefined],
      ]);
    }
    expect(server.requests()).toEqual([]);
    expect(await (await list(server.url, TOKEN)).json()).toEqual([{ name: "Fern" }]);
  });

  it("keeps sandbox creates out of the data file, and starts from the seed, not the file", async () => {
    const directory = await mkdtemp(join(tmpdir(), "plant-store-sandbox-"));
    directories.push(directory);
    const dataFile = join(directory, "store.json");
    const server = await startPlantStoreServer({
      dataFile,
      tokens: [TOKEN],
      seed: [{ name: "Fern" }],
    });
    servers.push(server);
    expect((await create(server.url, TOKEN, "Global")).status).toBe(201);
    const sandbox = server.createSandbox();
    expect(await (await list(server.url, sandbox.token)).json()).toEqual([{ name: "Fern" }]);
    expect((await create(server.url, sandbox.token, "Boxed")).status).toBe(201);
    await server.close();
    servers.length = 0;
    const saved = await readFile(dataFile, "utf8");
    expect(saved).toContain("Global");
    expect(saved).not.toContain("Boxed");
    expect(saved).not.toContain(sandbox.token);
  });

  it("answers a closed sandbox's token 401 and never logs a sandbox token", async () => {
    const lines: string[] = [];
    const server = await startPlantStoreServer({
      tokens: [TOKEN],
      log: (line) => lines.push(line),
    });
    servers.push(server);
    const sandbox = server.createSandbox();
    expect((await list(server.url, sandbox.token, `/${sandbox.token}`)).status).toBe(404);
    expect((await list(server.url, sandbox.token, `/plants?access=${sandbox.token}`)).status).toBe(
      200,
    );
    sandbox.close();
    const res = await list(server.url, sandbox.token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: 401,
      message:
        "The bearer token in the Authorization header is a sandbox token (psb_...) whose sandbox is closed or expired (or never existed); create a new sandbox.",
    });
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).not.toContain(sandbox.token);
  });

  it("never logs a sandbox token in a request that ends after the sandbox closed (a hang, a delay)", async () => {
    const lines: string[] = [];
    const server = await startPlantStoreServer({
      tokens: [TOKEN],
      log: (line) => lines.push(line),
    });
    servers.push(server);
    const hung = server.createSandbox();
    const delayed = server.createSandbox();
    hung.breakNext("listPlants", "hang");
    delayed.delayNext("listPlants", 60_000);
    // Each carries its token in the query too, where the log line shows the target.
    const hanging = list(server.url, hung.token, `/plants?access_key=${hung.token}`).catch(
      () => "dropped",
    );
    await expect.poll(() => hung.requests().length).toBe(1);
    // The delayed one goes with a marker behind it: listed, the marker shows it has arrived.
    const held = await sendHeldListOverHttp(
      server.url,
      delayed.token,
      () => delayed.requests(),
      `/plants?access_key=${delayed.token}`,
    );
    hung.close();
    delayed.close();
    expect([await hanging, await held.outcome]).toEqual(["dropped", "dropped"]);
    const heldLines = () => lines.filter((line) => line.includes("access_key"));
    await expect.poll(() => heldLines().length).toBe(2);
    for (const sandbox of [hung, delayed]) {
      expect(lines.join("\n")).not.toContain(sandbox.token);
    }
    expect(heldLines()).toEqual([
      expect.stringMatching(/^GET \/plants\?access_key=\[redacted\] - /),
      expect.stringMatching(/^GET \/plants\?access_key=\[redacted\] - /),
    ]);
  });

  it("checks maxSandboxes and sandboxIdleMs where the options enter", async () => {
    await expect(startPlantStoreServer({ maxSandboxes: 1.5 })).rejects.toThrow(
      new RangeError("maxSandboxes must be a whole number, 1 or more."),
    );
    const server = await startPlantStoreServer({ maxSandboxes: 1 });
    servers.push(server);
    server.createSandbox();
    expect(() => server.createSandbox()).toThrow(RangeError);
  });

  it("reads --max-sandboxes and --sandbox-idle-ms", () => {
    const command = parseCliArgs(["--max-sandboxes", "5", "--sandbox-idle-ms", "60000"], {});
    expect(command.kind === "run" && command.server).toMatchObject({
      maxSandboxes: 5,
      sandboxIdleMs: 60_000,
    });
  });
});
