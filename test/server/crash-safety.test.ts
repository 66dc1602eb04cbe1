// SIGKILL the CLI while it keeps rewriting a large data file under a stream of creates: the
// file must always be the old or the new complete JSON, and the next start must load it.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_TOKEN } from "../../src/server/index.js";
import { buildCli, startCli } from "./support/cli-process.js";

// Big enough that each save takes a while, so a kill often lands in the middle of one.
const SEED_SIZE = 50_000;
const ROUNDS = 3;
let bin: string;
let directory: string;

beforeAll(async () => {
  [bin, directory] = await Promise.all([
    buildCli("crash-safety"),
    mkdtemp(join(tmpdir(), "plant-store-crash-")),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function createUntil(url: string, stop: { now: boolean }): Promise<number> {
  let acknowledged = 0;
  while (!stop.now) {
    const response = await fetch(`${url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `Crash test ${acknowledged}` }),
    }).catch(() => undefined);
    if (response === undefined) break; // the server is gone
    if (response.status === 201) acknowledged++;
  }
  return acknowledged;
}

async function readPlantCount(dataFile: string): Promise<number> {
  const data = JSON.parse(await readFile(dataFile, "utf8"));
  expect(data.format).toBe("plant-store-data");
  expect(Array.isArray(data.plants)).toBe(true);
  return data.plants.length;
}

it("never leaves a corrupt data file when killed mid-burst", async () => {
  const seedFile = join(directory, "seed.json");
  const dataFile = join(directory, "plants.json");
  const seed = Array.from({ length: SEED_SIZE }, (_, index) => ({ name: `Seed plant ${index}` }));
  await writeFile(seedFile, JSON.stringify(seed));

  let previousCount = SEED_SIZE;
  for (let round = 0; round < ROUNDS; round++) {
    const cli = await startCli(bin, [
      "--port",
      "0",
      "--quiet",
      "--seed",
      seedFile,
      "--data",
      dataFile,
    ]);
    const stop = { now: false };
    const workers = Array.from({ length: 8 }, () => createUntil(cli.url, stop));
    // Wait for this run's first save, then kill at a varying moment of the burst.
    for (let attempt = 0; attempt < 200; attempt++) {
      const count = await readPlantCount(dataFile).catch(() => 0);
      if (count > previousCount) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 40 + round * 70));
    cli.child.kill("SIGKILL");
    await cli.exited;
    stop.now = true;
    const acknowledged = (await Promise.all(workers)).reduce((sum, count) => sum + count, 0);

    const count = await readPlantCount(dataFile);
    expect(count).toBeGreaterThan(previousCount);
    expect(count).toBeLessThanOrEqual(previousCount + acknowledged);
    previousCount = count;
  }

  // And the file a crash left behind starts the server as usual.
  const cli = await startCli(bin, ["--port", "0", "--quiet", "--data", dataFile]);
  const response = await fetch(`${cli.url}/plants?limit=1`, {
    headers: { authorization: `Bearer ${DEMO_TOKEN}` },
  });
  expect(await response.json()).toEqual([{ name: "Seed plant 0" }]);
  cli.child.kill("SIGTERM");
  expect((await cli.exited).code).toBe(0);
}, 60_000);
