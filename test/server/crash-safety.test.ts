// SIGKILL a process while it rewrites its data file (a fresh snapshot after each load, the
// compaction path) with creates queued behind the snapshot: whatever the moment, the file
// must load, hold one whole generation, and keep every create that was acknowledged in it.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPlantStore } from "../../src/mock/store.js";
import { readDataFile } from "../../src/server/persistence/log-format.js";
import { openDataFile } from "../../src/server/persistence/open-data-file.js";
import { createOwnerKeys } from "../../src/server/persistence/owner-keys.js";
import { CHILD_TOKEN, GENERATION_SIZE } from "./support/rewrite-loop-constants.js";

const ROUNDS = 4;
const MAX_KILL_DELAY_MS = 1_500;
const child = new URL("./support/rewrite-loop-child.ts", import.meta.url).pathname;
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "plant-store-crash-"));
});

afterAll(async () => {
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
  expect(await readdir(directory)).toEqual(["plants.log"]);
}, 120_000);
