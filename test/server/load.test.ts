// Bounded load on loopback: 100 keep-alive connections for a few seconds, mixed list and
// create from several tokens, with a data file. Nothing may fail, no status may surprise,
// and afterwards the store (and the data file, after a restart) must hold exactly what was
// acknowledged: no lost write, no phantom, no leak between tokens.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plant } from "../../src/client/types.js";
import { startPlantStoreServer } from "../../src/server/index.js";
import { createKeepAliveClient, type KeepAliveClient } from "./support/keep-alive-client.js";

const tokens = ["load-token-a", "load-token-b", "load-token-c", "load-token-d"];
const seed = [
  { name: "Seed fern", tag: "public" },
  { name: "Seed cactus", tag: "public" },
];
const connections = 100;
const durationMs = 3_000;
// Bounds the run even on a machine fast enough to go far beyond what the test needs.
const maxRequestsPerWorker = 400;

type Server = Awaited<ReturnType<typeof startPlantStoreServer>>;

interface LoadOutcome {
  failures: string[];
  acknowledged: Map<string, string[]>;
  requests: number;
}

async function runWorker(client: KeepAliveClient, worker: number, deadline: number) {
  const token = tokens[worker % tokens.length] as string;
  const failures: string[] = [];
  const acknowledged: string[] = [];
  let requests = 0;
  for (let step = 0; step < maxRequestsPerWorker && Date.now() < deadline; step++) {
    requests++;
    try {
      if (step % 2 === 0) {
        const name = `${token} plant w${worker} s${step}`;
        const response = await client.send({
          method: "POST",
          path: "/plants",
          token,
          body: { name, tag: "load" },
        });
        if (response.status !== 201) failures.push(`create -> ${response.status} ${response.text}`);
        else if (JSON.stringify(response.body) !== JSON.stringify({ name, tag: "load" })) {
          failures.push(`create answered ${response.text}`);
        } else acknowledged.push(name);
      } else {
        const response = await client.send({ path: "/plants?limit=50", token });
        if (response.status !== 200) failures.push(`list -> ${response.status} ${response.text}`);
        else failures.push(...foreignPlants(response.body as Plant[], token));
      }
    } catch (error) {
      failures.push(`request failed: ${String(error)}`);
    }
  }
  return { token, failures, acknowledged, requests };
}

/** Plants in a list that the caller must not see: another token's plants. */
function foreignPlants(plants: Plant[], token: string): string[] {
  return plants
    .filter((plant) => plant.tag !== "public" && !plant.name.startsWith(`${token} `))
    .map((plant) => `${token} saw ${plant.name}`);
}

async function runLoad(url: string): Promise<LoadOutcome> {
  const client = createKeepAliveClient(url, connections);
  const deadline = Date.now() + durationMs;
  try {
    const results = await Promise.all(
      Array.from({ length: connections }, (_, worker) => runWorker(client, worker, deadline)),
    );
    const acknowledged = new Map(tokens.map((token) => [token, [] as string[]]));
    for (const result of results) acknowledged.get(result.token)?.push(...result.acknowledged);
    return {
      failures: results.flatMap((result) => result.failures),
      acknowledged,
      requests: results.reduce((sum, result) => sum + result.requests, 0),
    };
  } finally {
    client.close();
  }
}

describe("load: 100 connections of mixed list and create", () => {
  let server: Server;
  let outcome: LoadOutcome;
  let directory: string;
  let dataFile: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "plant-store-load-"));
    dataFile = join(directory, "plants.json");
    server = await startPlantStoreServer({ tokens, seed, dataFile });
    outcome = await runLoad(server.url);
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("answers every request with the expected status and nothing fails", () => {
    expect(outcome.failures).toEqual([]);
    // Proves the load was real, not a loop that stopped at once.
    expect(outcome.requests).toBeGreaterThan(connections * 2);
  });

  it("lists every acknowledged create once for its owner, and nothing else", async () => {
    const client = createKeepAliveClient(server.url, 4);
    try {
      for (const token of tokens) {
        const response = await client.send({ path: "/plants", token });
        expect(response.status).toBe(200);
        const plants = response.body as Plant[];
        expect(plants.slice(0, seed.length)).toEqual(seed);
        const own = plants.slice(seed.length).map((plant) => plant.name);
        expect(own.slice().sort()).toEqual((outcome.acknowledged.get(token) ?? []).slice().sort());
      }
    } finally {
      client.close();
    }
  });

  it("stores exactly the acknowledged plants, each with its owner and a unique id", () => {
    const entries = server.store.entries();
    const created = entries.slice(seed.length);
    const acknowledgedCount = [...outcome.acknowledged.values()].reduce((n, l) => n + l.length, 0);
    expect(entries.slice(0, seed.length).every((entry) => entry.owner === null)).toBe(true);
    expect(created).toHaveLength(acknowledgedCount);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    for (const entry of created) expect(entry.name.startsWith(`${entry.owner} `)).toBe(true);
  });

  it("after close, a restart from the data file serves exactly the same store", async () => {
    const before = server.store.entries();
    await server.close();
    const restarted = await startPlantStoreServer({ tokens, seed, dataFile });
    try {
      expect(restarted.store.entries()).toEqual(before);
    } finally {
      await restarted.close();
    }
  });
});
