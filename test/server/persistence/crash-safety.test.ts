// SIGKILL at random moments: a data file must always load and keep every create that was
// acknowledged. Two ways to be killed: the CLI while clients create plants, and a process
// while it rewrites its data file (a fresh snapshot after each load, the compaction path).
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPlantStore } from "../../../src/mock/store/store.js";
import { readDataFile } from "../../../src/server/persistence/log-format.js";
import { openDataFile } from "../../../src/server/persistence/open-data-file.js";
import { createOwnerKeys } from "../../../src/server/persistence/owner-keys.js";
import { buildCli, type RunningCli, startCli } from "../support/cli-process.js";
import { CHILD_TOKEN, GENERATION_SIZE } from "./rewrite-loop-constants.js";

const ROUNDS = 4;
const MAX_KILL_DELAY_MS = 1_500;
const child = new URL("./rewrite-loop-child.ts", import.meta.url).pathname;
let directory: string;
let bin: string;
let running: RunningCli | undefined;

beforeAll(async () => {
  [bin, directory] = await Promise.all([
    buildCli("crash-safety"),
    mkdtemp(join(tmpdir(), "plant-store-crash-")),
  ]);
}, 60_000);

afterAll(async () => {
  running?.child.kill("SIGKILL");
  await rm(directory, { recursive: true, force: true });
});

/** Runs the child until a random moment after it is ready, kills it, returns what it printed. */
async function runAndKill(dataFile: string, delayMs: number): Promise<string[]> {
  const process_ = spawn(process.execPath, ["--import", "tsx", child, dataFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const exited = new Promise((resolve) => process_.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    process_.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (output.startsWith("ready\n")) resolve();
    });
    process_.once("exit", (code) => reject(new Error(`the child exited (${code}) early`)));
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  process_.kill("SIGKILL");
  await exited;
  // A line cut off by the kill is not an acknowledgement.
  return output.split("\n").slice(0, -1);
}

const TOKEN = "kill-test-token";
const CLIENTS = 8;
const KILL_ROUNDS = 5;
const POLICIES = ["never", "always", "1000"];
/** The kill comes this long (at random, up to the value) after the first answered create. */
const MAX_KILL_AFTER_CREATE_MS = 600;

/** Creates plants one after another until the server is gone; returns the names answered 2xx. */
async function createUntilGone(url: string, prefix: string, answered: string[]): Promise<void> {
  for (let index = 0; ; index++) {
    const name = `${prefix}-${index}`;
    const response = await fetch(`${url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    }).catch(() => undefined);
    if (response === undefined) return; // killed
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) answered.push(name);
  }
}

async function listNames(url: string): Promise<string[]> {
  const response = await fetch(`${url}/plants`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((plant) => plant.name);
}

async function startKillable(dataFile: string, fsync: string): Promise<RunningCli> {
  running = await startCli(bin, [
    ...["--port", "0", "--quiet", "--token", TOKEN, "--data", dataFile, "--fsync", fsync],
  ]);
  return running;
}

// A create is answered only once its line is written to the file, so a killed CLI can lose
// only creates it never answered (docs/persistence.md). Several rounds on one file, each
// killed at another moment and under another --fsync policy: a process kill must cost
// nothing under any of them.
it("the CLI killed at a random moment while clients create keeps every answered create, over several kills", async () => {
  const dataFile = join(directory, "creates.log");
  const answered: string[] = [];
  const killDelays: number[] = [];
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const cli = await startKillable(dataFile, POLICIES[round % POLICIES.length] as string);
    if (round > 0) {
      // What the previous round acknowledged survived its kill.
      const names = new Set(await listNames(cli.url));
      const missing = answered.filter((name) => !names.has(name));
      expect(missing, `lost after kills at ${killDelays.join(", ")} ms`).toEqual([]);
    }
    const roundAnswered: string[] = [];
    const clients = Array.from({ length: CLIENTS }, (_, client) =>
      createUntilGone(cli.url, `r${round}-c${client}`, roundAnswered),
    );
    while (roundAnswered.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const delay = Math.floor(Math.random() * MAX_KILL_AFTER_CREATE_MS);
    killDelays.push(delay);
    await new Promise((resolve) => setTimeout(resolve, delay));
    cli.child.kill("SIGKILL");
    expect((await cli.exited).signal).toBe("SIGKILL");
    await Promise.all(clients);
    answered.push(...roundAnswered);
  }

  const cli = await startKillable(dataFile, "never");
  const names = await listNames(cli.url);
  const listed = new Set(names);
  expect(answered.filter((name) => !listed.has(name))).toEqual([]);
  expect(names.length, "no plant is stored twice").toBe(listed.size);
  // Each round's clients created one plant after another, so at most one create per client
  // per round can be in the file without having been answered (killed before its answer).
  expect(names.length - answered.length).toBeLessThanOrEqual(KILL_ROUNDS * CLIENTS);
  expect(answered.length).toBeGreaterThan(KILL_ROUNDS);
  cli.child.kill("SIGTERM");
  expect((await cli.exited).code).toBe(0);
}, 120_000);

it("a kill mid-rewrite leaves a file that loads with every acknowledged create", async () => {
  const dataFile = join(directory, "plants.log");
  const owners = createOwnerKeys([CHILD_TOKEN]);
  const delays: number[] = [];
  let plantsInFile = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const delay = Math.floor(Math.random() * MAX_KILL_DELAY_MS);
    delays.push(delay);
    const acknowledged = (await runAndKill(dataFile, delay))
      .filter((line) => line.startsWith("ack "))
      .map((line) => line.slice("ack ".length));

    const contents = await readDataFile(dataFile, owners);
    const context = `kills at ${delays.join(", ")} ms`;
    expect(contents, context).toBeDefined();
    const names = (contents?.entries ?? []).map((plant) => plant.name);
    plantsInFile = names.length;
    if (names.length === 0) {
      // Killed before the first load's snapshot was renamed into place: the file still
      // holds the empty store the child started with, and nothing can have been acknowledged.
      expect(acknowledged, context).toEqual([]);
      continue;
    }
    const generation = Number(/^g(\d+)-/.exec(names[0] ?? "")?.[1]);
    const loaded = names.filter((name) => !name.includes("-c"));
    expect(loaded, context).toHaveLength(GENERATION_SIZE);
    expect(new Set(loaded.map((name) => name.split("-")[0])), context).toEqual(
      new Set([`g${generation}`]),
    );
    // Creates acknowledged in the generation the file holds are all in it; an older
    // generation's were replaced by a later load, which is what the store did too.
    const inThisGeneration = acknowledged.filter((name) => name.startsWith(`g${generation}-`));
    const listed = new Set(names);
    expect(
      inThisGeneration.filter((name) => !listed.has(name)),
      context,
    ).toEqual([]);
    const newest = Math.max(0, ...acknowledged.map((name) => Number(/^g(\d+)-/.exec(name)?.[1])));
    expect(generation, context).toBeGreaterThanOrEqual(newest);
  }
  // The next start loads the file and removes the snapshots the kills left half-written.
  const store = createPlantStore({ seed: [] });
  const tokens = [CHILD_TOKEN];
  const persistence = await openDataFile({
    store,
    tokens,
    path: dataFile,
    fsync: "never",
    log: () => {},
  });
  await persistence.close();
  expect(store.size).toBe(plantsInFile);
  expect((await readdir(directory)).filter((name) => name.startsWith("plants.log"))).toEqual([
    "plants.log",
  ]);
}, 120_000);
