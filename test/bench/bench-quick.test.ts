// Keeps the benchmark code from rotting: `npm run bench -- --quick` must run every
// benchmark to the end and print its table and targets. Timings are never asserted here
// (on a shared CI machine they mean nothing); speed is read from a full `npm run bench`.
// The size budgets are size-limit's (`npm run size`, test/package/size-budget.test.ts).
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { findJava } from "../../bench/servers/peers.js";
import { findContainerEngine } from "../../scripts/container-engine.js";

const TABLE_TITLES = [
  "1. Server throughput and latency",
  "2. SDK overhead per call",
  "3. MSW in-process cost per request",
  "4. Store scaling",
  "5. Start-up: launch until the first HTTP answer",
  "6. Persistence at 100,000 plants",
  "7. Peers: ours against WireMock, Prism and json-server",
  "8. Generated plants",
  "9. The request path in process",
  "10. The shadow proxy: memory and tokens",
  "11. Container image",
];

/** The peers this machine can run: WireMock only where there is a Java for it. */
const java = findJava();
const WIREMOCK = "WireMock standalone, static stubs";
const PEERS = [
  ...("java" in java ? [WIREMOCK] : []),
  "Prism mock -v error",
  "json-server, db.json",
];

/** The container rows need an engine (and the image npm run image built); without one they are skipped. */
const engine = await findContainerEngine();
const CONTAINER_TARGETS = [
  "image size <= 150,000,000 B",
  "image saved and gzipped (-1) <= 55,000,000 B",
  "first answer within 1,500 ms of `run -d` returning",
];

/** Every process whose environment holds `marker` (Linux: /proc/<pid>/environ), as pid and command. */
async function processesWith(marker: string): Promise<string[]> {
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  const found = await Promise.all(
    pids.map(async (pid) => {
      const environ = await readFile(`/proc/${pid}/environ`, "utf8").catch(() => "");
      if (!environ.split("\0").includes(marker)) return [];
      const command = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
      return [`${pid}: ${command.replaceAll("\0", " ")}`];
    }),
  );
  return found.flat();
}

/** The rows of the Markdown table under `### <title>`, header and separator excluded. */
function tableRows(output: string, title: string): string[][] {
  const section = output.split("\n### ").find((part) => part.startsWith(title)) ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| "))
    .slice(2)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("npm run bench -- --quick", () => {
  let output = "";
  // Every process of the run inherits this variable: the servers, the peers (Java's too) and
  // the load generator, so one left running after it can be found.
  const marker = `PLANT_STORE_BENCH_QUICK_RUN=${randomUUID()}`;

  beforeAll(async () => {
    const result = await promisify(execFile)("npm", ["run", "--silent", "bench", "--", "--quick"], {
      cwd: new URL("../../", import.meta.url).pathname,
      env: { ...process.env, PLANT_STORE_BENCH_QUICK_RUN: marker.split("=")[1] },
      maxBuffer: 10 * 1024 * 1024,
    });
    output = result.stdout;
  }, 300_000);

  it("leaves no process behind: every server, peer and load generator it started has ended", async () => {
    expect(await processesWith(marker)).toEqual([]);
  });

  it("prints every benchmark's table and no failure", () => {
    expect(output).not.toContain("FAILED");
    for (const title of TABLE_TITLES) expect(output).toContain(`### ${title}`);
  });

  it("fills every table with measured numbers, the baseline row included", () => {
    for (const title of TABLE_TITLES) {
      const rows = tableRows(output, title);
      // Without an engine the container table keeps only its baseline, with a note saying why.
      const skipped = title === "11. Container image" && engine === undefined;
      expect(rows.length, title).toBeGreaterThanOrEqual(skipped ? 1 : 2);
      for (const row of rows) expect(row.join(" "), title).toMatch(/\d/);
      expect(
        rows.some((row) => row.some((cell) => cell.startsWith("1.00x"))),
        `${title} has its baseline row`,
      ).toBe(true);
    }
  });

  it("runs every server, without and with 1,000 sandboxes, under load without a single failed request", () => {
    const rows = tableRows(output, TABLE_TITLES[0] as string);
    const servers = [
      "raw node:http (ceiling)",
      ...[
        "plant-store-mock --admin --quiet",
        "plant-store-mock --admin",
        "startPlantStoreServer admin",
      ].flatMap((server) => [`${server}, 0 sandboxes`, `${server}, 1,000 sandboxes`]),
    ];
    expect(rows.map((row) => `${row[0]} ${row[1]}`)).toEqual([
      ...servers.map((server) => `GET /plants?limit=10 ${server}`),
      ...servers.map((server) => `POST /plants ${server}`),
    ]);
    for (const row of rows) expect(row.slice(-2), row[1]).toEqual(["0", "0"]);
  });

  it("runs ours and every peer this machine can run, GET and POST, without a failed request", () => {
    const rows = tableRows(output, TABLE_TITLES[6] as string);
    const servers = ["plant-store-mock --quiet", ...PEERS];
    expect(rows.map((row) => `${row[0]} ${row[1]}`)).toEqual([
      ...servers.map((server) => `GET /plants?limit=10 ${server}`),
      ...servers.map((server) => `POST /plants ${server}`),
    ]);
    for (const row of rows) expect(row.slice(-2), row[1]).toEqual(["0", "0"]);
    // Without Java, one line says so and the run goes on without WireMock.
    const skipped = `- Skipped ${WIREMOCK}: ${"missing" in java ? java.missing : ""}; its rows and targets are left out.\n`;
    if ("missing" in java) expect(output).toContain(skipped);
    else expect(output).not.toContain(`- Skipped ${WIREMOCK}`);
  });

  it("judges every target as PASS or MISS", () => {
    const verdicts = output.split("\n").filter((line) => /^- (PASS|MISS) /.test(line));
    expect(verdicts.map((line) => line.replace(/^- (PASS|MISS) /, "").split(": ")[0])).toEqual([
      "plant-store-mock --admin --quiet, 0 sandboxes, GET /plants?limit=10, req/s >= 0.8x the ceiling, zero errors",
      "plant-store-mock --admin --quiet, 1,000 sandboxes, GET /plants?limit=10, req/s >= 0.8x the ceiling, zero errors",
      "plant-store-mock --admin --quiet, 1,000 sandboxes, GET /plants?limit=10, req/s >= 0.9x with none",
      "plant-store-mock --admin, 0 sandboxes, GET /plants?limit=10, req/s >= 0.8x the ceiling, zero errors",
      "plant-store-mock --admin, 1,000 sandboxes, GET /plants?limit=10, req/s >= 0.8x the ceiling, zero errors",
      "plant-store-mock --admin, 1,000 sandboxes, GET /plants?limit=10, req/s >= 0.9x with none",
      "startPlantStoreServer admin, 0 sandboxes, GET /plants?limit=10, req/s >= 0.8x the ceiling, zero errors",
      "startPlantStoreServer admin, 1,000 sandboxes, GET /plants?limit=10, req/s >= 0.8x the ceiling, zero errors",
      "startPlantStoreServer admin, 1,000 sandboxes, GET /plants?limit=10, req/s >= 0.9x with none",
      "plant-store-mock --admin --quiet, 0 sandboxes, POST /plants, req/s >= 0.7x the ceiling, zero errors",
      "plant-store-mock --admin --quiet, 1,000 sandboxes, POST /plants, req/s >= 0.7x the ceiling, zero errors",
      "plant-store-mock --admin --quiet, 1,000 sandboxes, POST /plants, req/s >= 0.9x with none",
      "plant-store-mock --admin, 0 sandboxes, POST /plants, req/s >= 0.7x the ceiling, zero errors",
      "plant-store-mock --admin, 1,000 sandboxes, POST /plants, req/s >= 0.7x the ceiling, zero errors",
      "plant-store-mock --admin, 1,000 sandboxes, POST /plants, req/s >= 0.9x with none",
      "startPlantStoreServer admin, 0 sandboxes, POST /plants, req/s >= 0.7x the ceiling, zero errors",
      "startPlantStoreServer admin, 1,000 sandboxes, POST /plants, req/s >= 0.7x the ceiling, zero errors",
      "startPlantStoreServer admin, 1,000 sandboxes, POST /plants, req/s >= 0.9x with none",
      "SDK listPlants (GET) per call <= 1.1x openapi-fetch + timeout",
      "SDK createPlant (POST) per call <= 1.1x openapi-fetch + timeout",
      "MSW handlers <= 1.2x trivial MSW handler, GET /plants?limit=10",
      "MSW handlers <= 1.2x trivial MSW handler, POST /plants",
      "store list(viewer, 10) at 1,000,000 plants <= 1.5x at 10",
      "store create(viewer, plant) at 1,000,000 plants <= 1.5x at 10",
      "mock server answers within 300 ms of launch",
      "creates with --data at 100,000 plants >= 0.8x without --data",
      "slowest create with --data <= 2x the slowest without",
      "CLI start from a 100,000-plant data file < 2 s",
      ...PEERS.map(
        (peer) =>
          `plant-store-mock --quiet, GET /plants?limit=10, req/s >= 2x ${peer}, both without errors`,
      ),
      ...PEERS.filter((peer) => peer === WIREMOCK).map(
        (peer) =>
          `plant-store-mock --quiet, POST /plants, req/s >= 1.3x ${peer}, both without errors`,
      ),
      "100,000 plants generate in < 1000 ms",
      "core, GET /plants?limit=10, with 1,000 sandboxes, a when-scenario for the other operation, <= 1.1x with none",
      "core, POST /plants, with 1,000 sandboxes, a when-scenario for the other operation, <= 1.1x with none",
      "the proxy's memory while passing a 256 MiB answer grows <= 64 MiB",
      "a request after 2,000 distinct tokens costs <= 1.5x one with one token",
      ...(engine === undefined ? [] : CONTAINER_TARGETS),
    ]);
  });
});

describe("npm run bench with a wrong argument", () => {
  /** Runs `npm run bench -- <argument>`, which must fail: its exit code and stderr. */
  async function failedRun(argument: string): Promise<{ code: number; stderr: string }> {
    const run = promisify(execFile)("npm", ["run", "--silent", "bench", "--", argument], {
      cwd: new URL("../../", import.meta.url).pathname,
    });
    return run.then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
  }

  it("refuses a benchmark it does not have, with the names it has: one line, exit 2", async () => {
    const { code, stderr } = await failedRun("--only=bundle-size");
    expect(code).toBe(2);
    expect(stderr).toContain(
      "npm run bench: no benchmark named bundle-size (there are server-throughput, sdk-overhead, msw-cost, store-scaling, startup, persistence, peers, generated-plants, core-per-request, shadow-proxy, container)\n",
    );
    expect(stderr).not.toContain("    at ");
  }, 60_000);

  it("refuses an unknown flag, naming it: one line, exit 2", async () => {
    const { code, stderr } = await failedRun("--quik");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^npm run bench: Unknown option '--quik'/m);
    expect(stderr).not.toContain("    at ");
  }, 60_000);
});
