import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  PlantStoreDataFileError,
  type PlantStoreServerOptions,
  startPlantStoreServer,
} from "../../src/server/index.js";
import { hashOwnerToken } from "../../src/server/persistence/owner-keys.js";

const ALICE = "alice-secret-token";
const BOB = "bob-secret-token";
let directory: string;
let dataFile: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "plant-store-data-"));
  dataFile = join(directory, "plants.json");
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function withServer<T>(
  options: PlantStoreServerOptions,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const server = await startPlantStoreServer({ tokens: [ALICE, BOB], dataFile, ...options });
  try {
    return await use(server.url);
  } finally {
    await server.close();
  }
}

async function list(url: string, token: string): Promise<unknown> {
  const response = await fetch(`${url}/plants`, { headers: { authorization: `Bearer ${token}` } });
  return response.json();
}

async function create(url: string, token: string, plant: object): Promise<number> {
  const response = await fetch(`${url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(plant),
  });
  return response.status;
}

describe("persistence (dataFile)", () => {
  it("starts from the seed when the file does not exist, and keeps creates across restarts", async () => {
    const seed = [{ name: "Ivy" }];
    await withServer({ seed }, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }]);
      expect(await create(url, ALICE, { name: "Aloe", tag: "succulent", id: 40 })).toBe(201);
      expect(await create(url, BOB, { name: "Fern" })).toBe(201);
    });
    // The seed is not used again: the file is the store now.
    await withServer({ seed: [{ name: "Ignored" }] }, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }, { name: "Aloe", tag: "succulent" }]);
      expect(await list(url, BOB)).toEqual([{ name: "Ivy" }, { name: "Fern" }]);
      // Ids survive too: 40 is still taken.
      expect(await create(url, ALICE, { name: "Again", id: 40 })).toBe(409);
    });
  });

  it("writes owners as SHA-256 hashes, never the tokens themselves", async () => {
    await withServer({ seed: [] }, async (url) => {
      await create(url, ALICE, { name: "Aloe" });
    });
    const text = await readFile(dataFile, "utf8");
    expect(text).not.toContain(ALICE);
    expect(JSON.parse(text)).toEqual({
      format: "plant-store-data",
      version: 1,
      plants: [{ id: 1, name: "Aloe", owner: hashOwnerToken(ALICE) }],
    });
    expect(hashOwnerToken(ALICE)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("keeps plants of a token no longer accepted, unseen, and hands them back when it returns", async () => {
    await withServer({ seed: [] }, async (url) => {
      await create(url, BOB, { name: "Fern" });
    });
    await withServer({ tokens: [ALICE] }, async (url) => {
      expect(await list(url, ALICE)).toEqual([]);
      await create(url, ALICE, { name: "Aloe" });
    });
    await withServer({}, async (url) => {
      expect(await list(url, BOB)).toEqual([{ name: "Fern" }]);
      expect(await list(url, ALICE)).toEqual([{ name: "Aloe" }]);
    });
  });

  it("coalesces a burst of creates and still flushes every acknowledged one on close", async () => {
    const server = await startPlantStoreServer({
      tokens: [ALICE],
      dataFile,
      seed: [],
      saveDelay: 3_600_000,
    });
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        create(server.url, ALICE, { name: `Plant ${index}` }),
      ),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
    // Not one write per create: within the save delay nothing has been written yet.
    await expect(readFile(dataFile, "utf8")).rejects.toMatchObject({ code: "ENOENT" });
    await server.close();
    const saved = JSON.parse(await readFile(dataFile, "utf8"));
    expect(saved.plants).toHaveLength(50);
  });

  it("saves in the background after the save delay", async () => {
    const server = await startPlantStoreServer({ tokens: [ALICE], dataFile, saveDelay: 0 });
    try {
      await create(server.url, ALICE, { name: "Aloe" });
      let saved = "";
      for (let attempt = 0; attempt < 100 && !saved.includes("Aloe"); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        saved = await readFile(dataFile, "utf8").catch(() => "");
      }
      expect(saved).toContain('"name":"Aloe"');
    } finally {
      await server.close();
    }
  });

  it.each([
    ["not JSON", "{ plants: [", "is not valid JSON"],
    ["an array", "[]", "the top level must be an object"],
    [
      "of another format",
      '{"format":"x","version":1,"plants":[]}',
      '"format" must be "plant-store-data"',
    ],
    [
      "holding a plant without id",
      '{"format":"plant-store-data","version":1,"plants":[{"name":"A","owner":null}]}',
      'plants[0]: "id" is missing',
    ],
    [
      "holding a raw token as owner",
      `{"format":"plant-store-data","version":1,"plants":[{"id":1,"name":"A","owner":"${ALICE}"}]}`,
      'plants[0]: "owner" must be null or "sha256:" and 64 hex digits',
    ],
    [
      "using an id twice",
      '{"format":"plant-store-data","version":1,"plants":[{"id":1,"name":"A","owner":null},{"id":1,"name":"B","owner":null}]}',
      "id 1 is used twice",
    ],
  ])("refuses to start on a data file %s, leaving the file alone", async (_, text, problem) => {
    await writeFile(dataFile, text);
    const started = startPlantStoreServer({ tokens: [ALICE], dataFile });
    await expect(started).rejects.toBeInstanceOf(PlantStoreDataFileError);
    await expect(started).rejects.toThrow(`Data file ${dataFile}`);
    await expect(started).rejects.toThrow(problem);
    expect(await readFile(dataFile, "utf8")).toBe(text);
  });
});
