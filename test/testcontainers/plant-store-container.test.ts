// plant-store-sdk/testcontainers against the image `npm run image` built: the harness drives
// PlantStoreContainer under Node 24 (Testcontainers 12 needs Node 22.22+) through Docker's API,
// and each case here checks one thing it saw. Ryuk, Testcontainers' reaper, would be pulled from
// a registry, so it is off; stop() removes each container, and the harness checks none is left.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";
import { testToolsRoot } from "../../scripts/test-tools.js";
import { defaultSeed, generatePlants } from "../../src/mock/index.js";
import { parseCliArgs } from "../../src/server/cli/cli-args.js";
import { describeWithEngine, engine } from "../container/support/containers.js";

const run = promisify(execFile);
const NODE_24 = join(testToolsRoot, "node_modules/node-24/bin/node");
const HARNESS = new URL("./harness/plant-store-container.mjs", import.meta.url).pathname;
const { version } = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
);

type Failure = { error: string; message: string };
// biome-ignore lint/suspicious/noExplicitAny: the harness's report is JSON, each case reads its part.
let report: Record<string, any>;

/** What the CLI throws for `args`: the checks and messages the module must share. */
function cliRefusal(args: string[]): Failure {
  try {
    parseCliArgs(args, {});
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
  throw new Error(`the CLI took ${args.join(" ")}`);
}

describeWithEngine("plant-store-sdk/testcontainers: PlantStoreContainer", () => {
  beforeAll(async () => {
    if (engine !== "docker" && process.env.DOCKER_HOST === undefined) {
      throw new Error(
        "Testcontainers talks to Docker's API: with Podman, run `podman system service` and set DOCKER_HOST to its socket",
      );
    }
    const { stdout } = await run(NODE_24, [HARNESS], {
      env: {
        ...process.env,
        TESTCONTAINERS_RYUK_DISABLED: "true",
        // These machines have /.dockerenv, from which Testcontainers would take the bridge's
        // gateway for the host; the mapped ports are on this machine's loopback.
        TESTCONTAINERS_HOST_OVERRIDE: "127.0.0.1",
        PLANT_STORE_VERSION: version,
      },
      timeout: 240_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = stdout.split("\n").find((text) => text.startsWith("REPORT "));
    if (line === undefined) throw new Error(`no report from the harness:\n${stdout}`);
    report = JSON.parse(line.slice("REPORT ".length));
  }, 300_000);

  it("loads from ESM and CJS as a GenericContainer of the user's testcontainers", () => {
    expect(report.entries).toEqual({ esm: true, cjs: true });
  });

  it("checks each option when it is given, with the CLI's checks and messages", () => {
    const generate = cliRefusal(["--generate", "-1"]);
    expect(report.checks).toEqual({
      image: {
        error: "TypeError",
        message:
          "PlantStoreContainer: image must be an image name, such as plant-store-mock:latest.",
      },
      emptyToken: cliRefusal(["--token", ""]),
      secondTokenSpaced: cliRefusal(["--token", "fine-token", "--token", "not a token"]),
      sandboxToken: cliRefusal(["--token", "psb_0123456789abcdefghijkl"]),
      negativeCount: generate,
      fractionalCount: cliRefusal(["--generate", "1.5"]),
      textCount: generate,
      tooMany: cliRefusal(["--generate", "1000001"]),
      negativeSeed: cliRefusal(["--generate", "5", "--generate-seed", "-1"]),
      unknownOption: {
        error: "TypeError",
        message: 'withGenerate: unknown option "sed"; the options are seed.',
      },
      optionsNotObject: { error: "TypeError", message: "withGenerate: options must be an object." },
      seedNotArray: { error: "TypeError", message: "withSeed: must be a JSON array of plants." },
      seedItem: {
        error: "TypeError",
        message: 'withSeed: item 1: "name" must be a non-empty string.',
      },
      seedDuplicate: { error: "TypeError", message: "withSeed: id 3 is used twice." },
      fine: "returned",
    });
    expect(generate).toEqual({
      error: "RangeError",
      message: "--generate must be a whole number from 0 to 1000000.",
    });
  });

  it("starts plant-store-mock:<this version> with the demo plants, ready once start() resolves", () => {
    expect(report.defaults).toMatchObject({
      image: `plant-store-mock:${version}`,
      plants: defaultSeed,
    });
    expect(report.defaults.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    console.info(`PlantStoreContainer start() took ${report.defaults.startMs} ms`);
  });

  it("serves withToken, withSeed then withGenerate, and extra flags from withCommand; client() sends the token and passes SDK options through", () => {
    const plants = [{ name: "Ivy", tag: "vine" }, ...generatePlants(50, { seed: 7 })];
    expect(report.configured).toMatchObject({
      // --create-status 200 from withCommand: the SDK takes any 2xx.
      created: { name: "Fern" },
      viaClient: [...plants, { name: "Fern" }],
      seen: ["POST /plants", "GET /plants"],
      secondToken: plants.length,
      demoToken: 401,
    });
    // The tokens travel in the environment: the command line (docker ps) holds none.
    expect(JSON.parse(report.configured.command)).toEqual([
      "--seed",
      "/seed/plants.json",
      "--generate",
      "50",
      "--generate-seed",
      "7",
      "--admin",
      "--create-status",
      "200",
    ]);
  });

  it("gives the admin client with withAdmin(), and a clear error without it", () => {
    expect(report.configured.journal).toEqual(["POST 200", "GET 200"]);
    expect(report.configured.afterReset).toEqual([
      { name: "Ivy", tag: "vine" },
      ...generatePlants(50, { seed: 7 }),
    ]);
    expect(report.defaults.admin).toEqual({
      error: "Error",
      message:
        "admin(): this container's admin endpoints are off; call withAdmin() before start().",
    });
  });

  it("uses the image named in the constructor", () => {
    expect(report.namedImage).toEqual({
      image: "plant-store-mock:testcontainers-named",
      status: 200,
    });
  });

  it("stop() removes the container", () => {
    expect(report.removedAfterStop).toBe(true);
  });

  it("rejects a start that fails with the CLI's line, without waiting out a timeout, and leaves nothing behind", () => {
    expect(report.failedStart.outcome).toEqual({
      error: "Error",
      message:
        "plant-store-mock did not start: plant-store-mock: --port must be a whole number from 0 to 65535.",
    });
    // Testcontainers' default startup timeout is 60 s; the log stream ends when the CLI exits.
    expect(report.failedStart.ms).toBeLessThan(60_000);
    expect(report.leftovers).toBe("");
  });
});
