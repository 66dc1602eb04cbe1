// The container tests' engine, image and containers. They run against the image `npm run image`
// built (.ci/run builds it first), with Docker when its daemon answers, else Podman. With
// neither, a local run skips them with the reason in the suite's name; a CI run (CI=true) fails.
import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import { findContainerEngine, NO_ENGINE } from "../../../scripts/container-engine.js";

const run = promisify(execFile);

const { version } = JSON.parse(
  readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
);
export const IMAGE = `plant-store-mock:${version}`;
export const DEMO_TOKEN = "plant-store-demo-token";
/** Every container and volume the tests make carries it, so a run's leftovers can be found. */
export const TEST_LABEL = "plant-store-sdk-test";

export const engine = await findContainerEngine();

/**
 * `describe`, when a container engine is here. Without one: in CI a failing case that says so,
 * elsewhere a skip whose title says why (never a silent pass).
 */
export function describeWithEngine(name: string, body: () => void): void {
  if (engine !== undefined) {
    // A container starts in about a second, longer on a busy machine; an image export takes more.
    vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
    describe(name, () => {
      beforeAll(requireImage, 60_000);
      afterAll(removeLeftovers, 60_000);
      body();
    });
  } else if (process.env.CI === "true") {
    describe(name, () => {
      it("needs a container engine", () => {
        throw new Error(`${NO_ENGINE} (.ci/run starts dockerd)`);
      });
    });
  } else {
    describe.skip(`${name} (skipped here: ${NO_ENGINE})`, body);
  }
}

/** `docker …` or `podman …`, its output; a failure rejects with its stderr. */
export async function engineRun(args: string[], timeout = 60_000): Promise<string> {
  if (engine === undefined) throw new Error(NO_ENGINE);
  const { stdout } = await run(engine, args, { timeout, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

async function requireImage(): Promise<void> {
  await engineRun(["image", "inspect", IMAGE]).catch(() => {
    throw new Error(`${engine} has no image ${IMAGE}: build it with \`npm run image\` first`);
  });
}

const started = new Set<string>();
const volumes = new Set<string>();

/** The suite's containers, then its volumes (a volume in use cannot be removed). */
async function removeLeftovers(): Promise<void> {
  if (started.size > 0) await engineRun(["rm", "--force", "--volumes", ...started]);
  started.clear();
  if (volumes.size > 0) await engineRun(["volume", "rm", "--force", ...volumes]);
  volumes.clear();
}

export interface RunningContainer {
  id: string;
  /** http://127.0.0.1:<the mapped port>, read again after each start (it may change). */
  url: string;
  /** What the server printed so far: stdout and stderr. */
  logs(): Promise<string>;
  /** `stop -t <seconds>` (SIGTERM, then SIGKILL after that long); resolves with the exit code. */
  stop(seconds?: number): Promise<number>;
  /** Starts it again (same container, same volumes) and waits for its first line. */
  start(): Promise<void>;
}

/**
 * `run -d IMAGE …flags` with the API port mapped to a free port of 127.0.0.1, resolved once the
 * server printed its first line (its URL: it listens). `options` are the engine's own flags.
 */
export async function runContainer(
  flags: readonly string[] = [],
  options: readonly string[] = [],
): Promise<RunningContainer> {
  const id = await engineRun([
    "run",
    "--detach",
    "--label",
    TEST_LABEL,
    "--publish",
    "127.0.0.1::4010",
    ...options,
    IMAGE,
    ...flags,
  ]);
  started.add(id);
  let starts = 1;
  const container: RunningContainer = {
    id,
    url: "",
    logs: async () => {
      const { stdout, stderr } = await run(engine as string, ["logs", id]);
      return `${stdout}${stderr}`;
    },
    async stop(seconds = 2) {
      await engineRun(["stop", "--time", String(seconds), id]);
      return Number(await engineRun(["inspect", "--format", "{{.State.ExitCode}}", id]));
    },
    async start() {
      await engineRun(["start", id]);
      await firstLine(id, ++starts);
      container.url = await mappedUrl(id);
    },
  };
  await firstLine(id, 1);
  container.url = await mappedUrl(id);
  return container;
}

/** Runs IMAGE with `flags` to its end (no port, removed after): its output and exit code. */
export async function runToEnd(
  flags: readonly string[],
  options: readonly string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  if (engine === undefined) throw new Error(NO_ENGINE);
  const args = ["run", "--rm", "--label", TEST_LABEL, ...options, IMAGE, ...flags];
  return run(engine, args, { timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

async function mappedUrl(id: string): Promise<string> {
  // Docker prints "127.0.0.1:32768", Podman "4010/tcp -> 127.0.0.1:32768".
  const port = /:(\d+)\s*$/.exec((await engineRun(["port", id, "4010/tcp"])).split("\n")[0] ?? "");
  if (port === null) throw new Error(`no port mapped for container ${id}`);
  return `http://127.0.0.1:${port[1]}`;
}

/**
 * Resolves once the container's output holds `count` lines starting with the server's URL (its
 * first line at each start); rejects with the output if the container stops before that.
 */
function firstLine(id: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const follower = spawn(engine as string, ["logs", "--follow", id]);
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if ((output.match(/^http:\/\/\S+$/gm) ?? []).length >= count) {
        follower.kill();
        resolve();
      }
    };
    follower.stdout.on("data", read);
    follower.stderr.on("data", read);
    follower.on("close", () =>
      reject(new Error(`the container stopped before it listened:\n${output}`)),
    );
  });
}

/** A new named volume, removed when the suite ends. */
export async function createVolume(): Promise<string> {
  const name = `plant-store-test-${randomUUID()}`;
  await engineRun(["volume", "create", "--label", TEST_LABEL, name]);
  volumes.add(name);
  return name;
}
