// SIGKILL the CLI at a random moment while clients create plants against --data: after a
// restart, every create that was answered 2xx must be listed. A create is answered only
// once its line is written to the file, so a killed process can lose only creates it never
// answered (docs/persistence.md). Several rounds on one file, each killed at another moment
// and under another --fsync policy (a process kill must cost nothing under any of them).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningCli, startCli } from "./support/spawn-cli.js";

const TOKEN = "kill-test-token";
const CLIENTS = 8;
const ROUNDS = 5;
const POLICIES = ["never", "always", "1000"];
/** The kill comes this long (at random, up to the value) after the first answered create. */
const MAX_KILL_DELAY_MS = 600;

let directory: string;
let running: RunningCli | undefined;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "plant-store-kill-"));
});

afterAll(async () => {
  running?.child.kill("SIGKILL");
  await rm(directory, { recursive: true, force: true });
});

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

function start(dataFile: string, fsync: string): Promise<RunningCli> {
  return startCli(["--quiet", "--token", TOKEN, "--data", dataFile, "--fsync", fsync]);
}

it("keeps every answered create when killed at a random moment, over several kills", async () => {
  const dataFile = join(directory, "plants.log");
  const answered: string[] = [];
  const killDelays: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cli = await start(dataFile, POLICIES[round % POLICIES.length] as string);
    running = cli;
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
    const delay = Math.floor(Math.random() * MAX_KILL_DELAY_MS);
    killDelays.push(delay);
    await new Promise((resolve) => setTimeout(resolve, delay));
    cli.child.kill("SIGKILL");
    expect(await cli.exited()).toBe("SIGKILL");
    await Promise.all(clients);
    answered.push(...roundAnswered);
  }

  const cli = await start(dataFile, "never");
  running = cli;
  const names = await listNames(cli.url);
  const listed = new Set(names);
  expect(answered.filter((name) => !listed.has(name))).toEqual([]);
  expect(names.length, "no plant is stored twice").toBe(listed.size);
  // Each round's clients created one plant after another, so at most one create per client
  // per round can be in the file without having been answered (killed before its answer).
  expect(names.length - answered.length).toBeLessThanOrEqual(ROUNDS * CLIENTS);
  expect(answered.length).toBeGreaterThan(ROUNDS);
  cli.child.kill("SIGTERM");
  expect(await cli.exited()).toBe(0);
}, 120_000);
