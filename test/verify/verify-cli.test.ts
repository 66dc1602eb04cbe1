import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { startPlantStoreServer } from "../../src/server/index.js";
import type { VerifyReport } from "../../src/verify/index.js";
import { brokenAnswer, closedPort, fakeStore, sendJson, startFakeService } from "./fake-service.js";
import { buildVerifyCli, type VerifyCli } from "./run-verify-cli.js";

const TOKEN = "cli-token-secret-4c7d";
const SECOND = "cli-token-second-b28e";

// Each test starts its own services, stopped when the test ends.
async function referenceServer(context: TestContext, tokens: string[]) {
  const server = await startPlantStoreServer({ tokens });
  context.onTestFinished(() => server.close());
  return server;
}

async function fakeService(context: TestContext, answer: Parameters<typeof startFakeService>[0]) {
  const service = await startFakeService(answer);
  context.onTestFinished(() => service.close());
  return service;
}

let cli: VerifyCli;
beforeAll(async () => {
  cli = await buildVerifyCli();
});
afterAll(() => cli?.remove());
const runVerifyCli: VerifyCli["run"] = (args, env) => cli.run(args, env);

describe("plant-store-verify", () => {
  it("prints a table and exits 0 against the reference server, token from the environment", async (context) => {
    const server = await referenceServer(context, [TOKEN]);
    const run = await runVerifyCli(["--base-url", server.url], { PLANT_STORE_TOKEN: TOKEN });

    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `plant-store-verify: ${server.url} against openapi.yaml 1.0.0 (read-only)`,
    );
    expect(lines[2]).toMatch(/^check +result +detail$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^list-limit-negative +pass +400, Error body naming limit$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^create +skipped +needs allowWrites \(--allow-writes\)/),
    );
    expect(lines.at(-1)).toBe(
      "no violations: 15 checks, 10 passed, 0 violations, 0 differences, 5 skipped",
    );
    // Not a terminal: no progress line on stderr.
    expect(run.stderr).toBe("");
  });

  it("prints the report as JSON with --json and never the tokens", async (context) => {
    const server = await referenceServer(context, [TOKEN, SECOND]);
    const run = await runVerifyCli(
      ["--base-url", server.url, "--token", TOKEN, "--allow-writes", "--json"],
      { PLANT_STORE_SECOND_TOKEN: SECOND },
    );

    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as VerifyReport;
    expect(report).toMatchObject({ baseUrl: server.url, violations: 0, differences: 0 });
    expect(report.passed).toBe(15);
    expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
    expect(`${run.stdout}${run.stderr}`).not.toContain(SECOND);
  });

  it("exits 1 and names each breakage of a broken service", async (context) => {
    const service = await fakeService(context, brokenAnswer(TOKEN));
    const run = await runVerifyCli(["--base-url", service.url, "--token", TOKEN]);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^list +violation +GET \/plants 200: body\[0\]\.tag must be string$/m,
    );
    expect(run.stdout).toMatch(
      /^auth-missing +violation +GET \/plants 401: content type "text\/plain", openapi.yaml declares application\/json$/m,
    );
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      "VIOLATIONS FOUND: 15 checks, 4 passed, 5 violations, 0 differences, 6 skipped",
    );
    expect(run.stdout).not.toContain(TOKEN);
  });

  it("exits 1 when a second token sees the first token's plant", async (context) => {
    const service = await fakeService(
      context,
      fakeStore([TOKEN, SECOND], { showsEveryOwner: true }),
    );
    const run = await runVerifyCli([
      "--base-url",
      service.url,
      "--token",
      TOKEN,
      "--second-token",
      SECOND,
      "--allow-writes",
    ]);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^isolation +violation +GET \/plants with the second token lists the first token's plant$/m,
    );
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      "VIOLATIONS FOUND: 15 checks, 14 passed, 1 violation, 0 differences, 0 skipped",
    );
  });

  it("sends no create without --allow-writes", async (context) => {
    const service = await fakeService(context, (request, response) =>
      request.headers.authorization === `Bearer ${TOKEN}`
        ? sendJson(response, 200, [])
        : sendJson(response, 401, { error: 401, message: "Authorization is missing." }),
    );
    const run = await runVerifyCli(["--base-url", service.url, "--token", TOKEN, "--json"]);

    expect(run.code).toBe(0);
    expect(service.requests.length).toBeGreaterThan(5);
    expect(service.requests.filter((request) => !request.startsWith("GET "))).toEqual([]);
  });

  it("exits 2 with one line when the service cannot be reached", async () => {
    const port = await closedPort();
    const run = await runVerifyCli(["--base-url", `http://127.0.0.1:${port}`, "--token", TOKEN]);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `plant-store-verify: cannot reach http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
  });

  it("exits 2 with one line on bad usage", async () => {
    const noToken = await runVerifyCli(["--base-url", "http://127.0.0.1:9"]);
    expect(noToken).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "plant-store-verify: a token is required: --token or PLANT_STORE_TOKEN (see --help)\n",
    });
    const unknown = await runVerifyCli(["--token", TOKEN, "--fast"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^plant-store-verify: Unknown option '--fast'.*\n$/);
    expect(unknown.stderr).not.toContain(TOKEN);
  });

  it("prints help and the package version", async () => {
    const help = await runVerifyCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: plant-store-verify --base-url <url> [options]");
    expect(help.stdout).toContain("PLANT_STORE_TOKEN");

    const version = await runVerifyCli(["--version"]);
    const { version: expected } = JSON.parse(readFileSync("package.json", "utf8"));
    expect(version).toEqual({ code: 0, stdout: `${expected}\n`, stderr: "" });
  });
});
