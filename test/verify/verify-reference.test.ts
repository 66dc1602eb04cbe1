import { afterEach, describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import { type VerifyProgress, verifyPlantStore } from "../../src/verify/index.js";

const TOKEN_A = "verify-token-alpha-7f3e";
const TOKEN_B = "verify-token-bravo-91c2";
const ALL_CHECKS = [
  "list",
  "list-limit",
  "list-limit-zero",
  "list-limit-negative",
  "list-limit-too-large",
  "list-limit-not-a-number",
  "auth-missing",
  "auth-other-scheme",
  "auth-empty-bearer",
  "auth-wrong-token",
  "create",
  "create-listed",
  "create-without-name",
  "create-empty-name",
  "isolation",
];

let server: PlantStoreServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("verifyPlantStore against the reference server", () => {
  it("finds no violations and no differences, with writes and a second token", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN_A, TOKEN_B] });
    const progress: VerifyProgress[] = [];
    const report = await verifyPlantStore({
      baseUrl: server.url,
      token: TOKEN_A,
      secondToken: TOKEN_B,
      allowWrites: true,
      onProgress: (event) => progress.push(event),
    });

    expect(report.checks.map((check) => [check.id, check.result, check.detail])).toEqual(
      ALL_CHECKS.map((id) => [id, "pass", expect.any(String)]),
    );
    expect(report).toMatchObject({ violations: 0, differences: 0, passed: 15, skipped: 0 });
    expect(progress.map((event) => `${event.index}/${event.total} ${event.id}`)).toEqual(
      ALL_CHECKS.map((id, index) => `${index + 1}/15 ${id}`),
    );
    // One clearly marked plant was created, by the first token, and nothing else.
    const created = server.store.entries().filter((plant) => plant.owner !== null);
    expect(created).toHaveLength(1);
    expect(created[0]?.name).toMatch(/^plant-store-verify \d{4}-\d\d-\d\dT\S+ [0-9a-f]{8}$/);
    expect(created[0]?.tag).toBe("plant-store-verify");
  });

  it("reports exactly one difference, and no violation, when creates answer 200", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN_A], createStatus: 200 });
    const report = await verifyPlantStore({
      baseUrl: server.url,
      token: TOKEN_A,
      allowWrites: true,
    });

    expect(report.violations).toBe(0);
    expect(report.differences).toBe(1);
    expect(report.checks.filter((check) => check.result === "difference")).toEqual([
      {
        id: "create",
        title: "create a plant",
        result: "difference",
        detail:
          "POST /plants answered 200; the reference server answers 201 (openapi.yaml allows both)",
        findings: [
          {
            result: "difference",
            message:
              "POST /plants answered 200; the reference server answers 201 (openapi.yaml allows both)",
          },
        ],
        requests: ["POST /plants -> 200"],
      },
    ]);
  });

  it("sends GET requests only and changes nothing without allowWrites", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN_A, TOKEN_B] });
    const sizeBefore = server.store.size;
    const methods = new Set<string>();
    const countingFetch: typeof fetch = (input, init) => {
      methods.add(init?.method ?? "GET");
      return fetch(input, init);
    };
    const report = await verifyPlantStore({
      baseUrl: server.url,
      token: TOKEN_A,
      secondToken: TOKEN_B,
      fetch: countingFetch,
    });

    expect([...methods]).toEqual(["GET"]);
    expect(server.store.size).toBe(sizeBefore);
    expect(report).toMatchObject({ violations: 0, differences: 0, passed: 10, skipped: 5 });
    expect(report.checks.filter((check) => check.result === "skipped").map((c) => c.id)).toEqual([
      "create",
      "create-listed",
      "create-without-name",
      "create-empty-name",
      "isolation",
    ]);
  });

  it("keeps both tokens out of the report", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN_A, TOKEN_B] });
    const report = await verifyPlantStore({
      baseUrl: `${server.url}/`,
      token: TOKEN_A,
      secondToken: TOKEN_B,
      allowWrites: true,
    });
    const text = JSON.stringify(report);
    expect(text).not.toContain(TOKEN_A);
    expect(text).not.toContain(TOKEN_B);
    expect(report.baseUrl).toBe(server.url);
  });

  it("finds no violation against the fetch handler that accepts any token", async () => {
    // Every token is its own owner there too, so isolation and create-listed hold; only the
    // made-up token being accepted departs from the reference server's defaults.
    const handler = createPlantStoreFetchHandler();
    const report = await verifyPlantStore({
      baseUrl: "http://plant-store.test",
      token: TOKEN_A,
      secondToken: TOKEN_B,
      allowWrites: true,
      fetch: (input, init) => handler(new Request(input, init)),
    });
    expect(report).toMatchObject({ violations: 0, differences: 1, passed: 14 });
    expect(report.checks.find((check) => check.result === "difference")?.id).toBe(
      "auth-wrong-token",
    );
  });

  it("checks a deployment under a path prefix", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN_A], basePath: "/v1" });
    expect(server.url).toMatch(/\/v1$/);
    const report = await verifyPlantStore({ baseUrl: server.url, token: TOKEN_A });
    expect(report).toMatchObject({ violations: 0, differences: 0, passed: 10 });
  });
});
