// The data file's writer, driven through the store directly: grouping of writes, the fsync
// policies, a failed write, and snapshots that leave the event loop free.
import fs, { readFileSync } from "node:fs";
import { type FileHandle, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoredPlant } from "../../../src/contract/plant-types.js";
import { createPlantStore } from "../../../src/mock/store/store.js";
import type { PlantStoreServerLog } from "../../../src/server/index.js";
import type { FsyncPolicy } from "../../../src/server/persistence/data-log.js";
import {
  type DataFilePersistence,
  openDataFile,
} from "../../../src/server/persistence/open-data-file.js";

const OWNER = "owner-token";
let directory: string;
let dataFile: string;
let fileHandle: FileHandle;
let opened: DataFilePersistence[];

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "plant-store-log-"));
  dataFile = join(directory, "plants.log");
  opened = [];
  // FileHandle is not exported as a value; its prototype is reached through an instance.
  const probe = await open(join(directory, "probe"), "w");
  fileHandle = Object.getPrototypeOf(probe);
  await probe.close();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const persistence of opened) await persistence.close().catch(() => undefined);
  await rm(directory, { recursive: true, force: true });
});

async function openStore(fsync: FsyncPolicy = "never", log: PlantStoreServerLog = () => {}) {
  const store = createPlantStore({ seed: [{ name: "Ivy" }] });
  const persistence = await openDataFile({ store, tokens: [OWNER], path: dataFile, fsync, log });
  opened.push(persistence);
  return { store, persistence };
}

function fileLines(): string[] {
  return readFileSync(dataFile, "utf8").trimEnd().split("\n");
}

describe("data file writer", () => {
  it("writes concurrent creates with one write, and commit() waits for it", async () => {
    const { store, persistence } = await openStore();
    const write = vi.spyOn(fs, "writeSync");
    const commits = Array.from({ length: 200 }, (_, index) => {
      store.create(OWNER, { name: `Plant ${index}` });
      return persistence.commit();
    });
    expect(fileLines()).toHaveLength(2); // header and Ivy: nothing written yet
    await Promise.all(commits);
    expect(write).toHaveBeenCalledTimes(1);
    expect(fileLines()).toHaveLength(202);
  });

  it("creates that arrive during a write go out together in the next one", async () => {
    // Under "always" a write is under way until its fsync returns.
    const { store, persistence } = await openStore("always");
    const write = vi.spyOn(fs, "writeSync");
    store.create(OWNER, { name: "First" });
    const first = persistence.commit();
    // Let the first write start, then queue more while it is under way.
    await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 20 }, (_, index) => {
      store.create(OWNER, { name: `Later ${index}` });
      return persistence.commit();
    });
    await Promise.all([first, ...later]);
    expect(write).toHaveBeenCalledTimes(2);
    expect(fileLines()).toHaveLength(23);
  });

  it("a create made just as a write finishes (in a microtask) is still written and its commit resolves", async () => {
    const { store, persistence } = await openStore();
    // Whichever microtask the create lands in relative to the writer's end, it must not be
    // left waiting for some later change.
    for (let ticks = 0; ticks < 8; ticks++) {
      store.create(OWNER, { name: `Before ${ticks}` });
      await persistence.commit();
      for (let tick = 0; tick < ticks; tick++) await Promise.resolve();
      store.create(OWNER, { name: `After ${ticks}` });
      const resolved = await Promise.race([
        persistence.commit().then(() => true),
        new Promise((resolve) => setTimeout(resolve, 2_000, false)),
      ]);
      expect(resolved, `after ${ticks} microtasks`).toBe(true);
    }
    expect(fileLines()).toHaveLength(2 + 16);
  });

  it("saves changes made on the store without anyone calling commit()", async () => {
    const { store } = await openStore();
    store.create(OWNER, { name: "Direct" });
    await vi.waitFor(() => expect(fileLines()).toHaveLength(3));
  });

  it("fsync always: syncs each write before commit() resolves", async () => {
    const { store, persistence } = await openStore("always");
    const datasync = vi.spyOn(fileHandle, "datasync");
    store.create(OWNER, { name: "Aloe" });
    await persistence.commit();
    expect(datasync).toHaveBeenCalledTimes(1);
  });

  it("fsync never: never syncs, not even on close", async () => {
    const { store, persistence } = await openStore("never");
    const datasync = vi.spyOn(fileHandle, "datasync");
    const sync = vi.spyOn(fileHandle, "sync");
    store.create(OWNER, { name: "Aloe" });
    await persistence.commit();
    await persistence.close();
    expect(datasync).not.toHaveBeenCalled();
    expect(sync).not.toHaveBeenCalled();
  });

  it("a snapshot is flushed to disk before it replaces the file, even under fsync never", async () => {
    const { store, persistence } = await openStore("never");
    const sync = vi.spyOn(fileHandle, "sync");
    store.reset();
    await persistence.commit();
    // The new file before its rename, then the directory, so the rename survives too.
    expect(sync).toHaveBeenCalledTimes(2);
  });

  it("fsync every N ms: answers without syncing, syncs within the period, and on close", async () => {
    const { store, persistence } = await openStore(30);
    const datasync = vi.spyOn(fileHandle, "datasync");
    store.create(OWNER, { name: "Aloe" });
    await persistence.commit();
    expect(datasync).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(datasync).toHaveBeenCalledTimes(1));
    store.create(OWNER, { name: "Fern" });
    await persistence.commit();
    await persistence.close();
    expect(datasync).toHaveBeenCalledTimes(2);
  });

  it("a failed write rejects the waiting commits, cuts off what it wrote, and the next write saves it all", async () => {
    const errors: string[] = [];
    const { store, persistence } = await openStore("never", (line) => errors.push(line));
    const realWrite = fs.writeSync;
    vi.spyOn(fs, "writeSync").mockImplementationOnce(((
      fd: number,
      buffer: Buffer,
      offset: number,
      length: number,
      position: number,
    ) => {
      // Half the bytes reach the file, then the disk is full.
      realWrite(fd, buffer, offset, Math.floor(length / 2), position);
      throw new Error("ENOSPC: no space left on device, write");
    }) as unknown as typeof fs.writeSync);
    store.create(OWNER, { name: "Aloe" });
    await expect(persistence.commit()).rejects.toThrow("ENOSPC: no space left on device");
    expect(errors).toEqual([
      `Could not write the data file ${dataFile}: ENOSPC: no space left on device, write`,
    ]);
    expect(fileLines()).toHaveLength(2);
    store.create(OWNER, { name: "Fern" });
    await persistence.commit();
    await persistence.close();
    const { store: reloaded } = await openStore();
    expect(reloaded.list(OWNER)).toEqual([{ name: "Ivy" }, { name: "Aloe" }, { name: "Fern" }]);
  });

  it("writes a big snapshot in chunks, leaving the event loop free; creates made meanwhile follow it", async () => {
    const { store, persistence } = await openStore();
    const write = vi.spyOn(fileHandle, "write");
    const entries: StoredPlant[] = Array.from({ length: 50_000 }, (_, index) => ({
      id: index + 1,
      name: `Loaded ${index}`,
      owner: null,
    }));
    store.load(entries);
    let done = false;
    const committed = persistence.commit().then(() => {
      done = true;
    });
    // Counts turns of the event loop while the snapshot is written: one long synchronous
    // encoding and write would let it turn only once or twice.
    let turns = 0;
    const turn = () => {
      if (done) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.create(OWNER, { name: "During the snapshot" });
    await Promise.all([committed, persistence.commit()]);
    expect(turns).toBeGreaterThan(5);
    expect(write.mock.calls.length).toBeGreaterThan(5);
    const lines = fileLines();
    expect(lines[0]).toBe('{"format":"plant-store-data","version":2,"snapshot":50000}');
    expect(lines).toHaveLength(50_002);
    expect(lines.at(-1)).toContain('"name":"During the snapshot"');
  });

  it("leaves no temporary file behind after a snapshot", async () => {
    const { store, persistence } = await openStore();
    store.reset();
    await persistence.commit();
    await persistence.close();
    const { readdir } = await import("node:fs/promises");
    expect((await readdir(directory)).sort()).toEqual(["plants.log", "probe"]);
  });
});
