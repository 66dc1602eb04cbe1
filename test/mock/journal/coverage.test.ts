// Coverage of the contract (issue 30): one row per answer openapi.yaml declares for each
// operation, counting the answers got, across clearRequests() and reset() until clearCoverage().
import { readFileSync } from "node:fs";
import { getResponse } from "msw";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type CoverageRow, createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import { createRequestJournal } from "../../../src/mock/journal/journal.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";

const BASE = "https://coverage.test";
const TOKEN = "coverage-token";

function send(path: string, init: RequestInit = {}, token = TOKEN): Request {
  const headers = { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) };
  return new Request(`${BASE}${path}`, { ...init, headers });
}

function create(body: string, token = TOKEN): Request {
  const headers = { "content-type": "application/json" };
  return send("/plants", { method: "POST", headers, body }, token);
}

/** The counted rows only, as "operation status: count". */
function counted(rows: CoverageRow[]): string[] {
  return rows.filter((row) => row.count > 0).map((r) => `${r.operation} ${r.status}: ${r.count}`);
}

describe("coverage()", () => {
  it("has one row per response openapi.yaml declares for each operation, in its order", () => {
    const spec = parse(readFileSync("openapi.yaml", "utf8")) as {
      paths: Record<string, Record<string, { operationId: string; responses: object }>>;
    };
    const declared = Object.values(spec.paths).flatMap((item) =>
      Object.values(item).flatMap(({ operationId, responses }) =>
        Object.keys(responses).map((key) => ({
          operation: operationId,
          status: key === "default" ? key : Number(key),
          count: 0,
        })),
      ),
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(createPlantStoreFetchHandler().coverage()).toEqual(declared);
  });

  it("counts the answers got, an unlisted status under default, scripted answers too", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await handle(send("/plants"));
    await handle(send("/plants?limit=2"));
    await handle(send("/plants?limit=-1"));
    await handle(create('{"name":"A","id":50}'));
    await handle(create('{"name":"B","id":50}'));
    await handle(create('{"name":"C"}', "unknown-token"));
    handle.failNext("createPlant", { status: 409 });
    handle.failNext("createPlant", { status: 503 });
    handle.failNext("listPlants", { status: 409 });
    await handle(create('{"name":"D"}'));
    await handle(create('{"name":"E"}'));
    await handle(send("/plants"));
    // No operation: not a row of any.
    await handle(send("/elsewhere"));
    await handle(send("/plants", { method: "DELETE" }));
    expect(counted(handle.coverage())).toEqual([
      "listPlants 200: 2",
      "listPlants 400: 1",
      "listPlants default: 1",
      "createPlant 201: 1",
      "createPlant 401: 1",
      "createPlant 409: 2",
      "createPlant default: 1",
    ]);
    expect(handle.coverage().find((row) => row.status === 415)).toEqual({
      operation: "createPlant",
      status: 415,
      count: 0,
    });
  });

  it("keeps counting across clearRequests() and a sandbox's reset(), until clearCoverage()", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    await handle(send("/plants"));
    handle.clearRequests();
    await handle(send("/plants"));
    expect(counted(handle.coverage())).toEqual(["listPlants 200: 2"]);
    handle.clearCoverage();
    expect(counted(handle.coverage())).toEqual([]);
    expect(handle.requests()).toHaveLength(1);

    const sandbox = handle.createSandbox();
    await handle(create('{"name":"Boxed"}', sandbox.token));
    sandbox.reset();
    await handle(create("{", sandbox.token));
    expect(counted(sandbox.coverage())).toEqual(["createPlant 201: 1", "createPlant 400: 1"]);
    // The set's coverage is the suite's: its sandboxes count into it too, closed ones included.
    sandbox.close();
    expect(counted(handle.coverage())).toEqual(["createPlant 201: 1", "createPlant 400: 1"]);
    sandbox.clearCoverage();
    expect(counted(sandbox.coverage())).toEqual([]);
    expect(counted(handle.coverage())).toHaveLength(2);
  });

  it("counts a request that got no answer (status 0) nowhere", () => {
    const journal = createRequestJournal();
    journal.finish(journal.start("GET", "/plants", "", "listPlants"), 0);
    journal.finish(journal.start("GET", "/plants", "", "listPlants"), 200);
    expect(counted(journal.coverage())).toEqual(["listPlants 200: 1"]);
  });

  it("hands out fresh rows: changing one changes no count", () => {
    const handle = createPlantStoreFetchHandler();
    const [first] = handle.coverage();
    if (first !== undefined) first.count = 99;
    expect(counted(handle.coverage())).toEqual([]);
  });
});

describe("coverage on the MSW handler set and the server object", () => {
  let server: PlantStoreServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it("the MSW handler set", async () => {
    const plantStore = createPlantStoreHandlers({ baseUrl: BASE, tokens: [TOKEN] });
    await getResponse(plantStore.handlers, create('{"name":"Fern"}'));
    expect(counted(plantStore.coverage())).toEqual(["createPlant 201: 1"]);
    plantStore.clearCoverage();
    expect(counted(plantStore.coverage())).toEqual([]);
  });

  it("the server object", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN], createStatus: 200 });
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
    await fetch(`${server.url}/plants`, { method: "POST", headers, body: '{"name":"Fern"}' });
    expect(counted(server.coverage())).toEqual(["createPlant 200: 1"]);
    server.clearCoverage();
    expect(counted(server.coverage())).toEqual([]);
  });
});
