import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import {
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  PlantStoreDataFileError,
  type PlantStoreServerOptions,
  startPlantStoreServer,
} from "../../../src/server/index.js";
import { hashOwnerToken } from "../../../src/server/persistence/owner-keys.js";

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

  it("writes the log format: a header, then one line per plant with its owner hashed, never the token", async () => {
    await withServer({ seed: [{ name: "Ivy" }] }, async (url) => {
      await create(url, ALICE, { name: "Aloe", tag: "succulent" });
    });
    const text = await readFile(dataFile, "utf8");
    expect(text).not.toContain(ALICE);
    expect(text).toBe(
      [
        '{"format":"plant-store-data","version":2,"snapshot":1}',
        '{"id":1,"name":"Ivy","owner":null}',
        `{"id":2,"name":"Aloe","tag":"succulent","owner":"${hashOwnerToken(ALICE)}"}`,
        "",
      ].join("\n"),
    );
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

  it("answers a create only once its line is in the file", async () => {
    await withServer({ seed: [] }, async (url) => {
      for (let index = 0; index < 5; index++) {
        expect(await create(url, ALICE, { name: `Plant ${index}` })).toBe(201);
        // Read at once, no waiting: a killed process right now would still keep it.
        expect(readFileSync(dataFile, "utf8")).toContain(`"name":"Plant ${index}"`);
      }
    });
  });

  it("keeps every one of 100 concurrent creates, each in the file when answered", async () => {
    await withServer({ seed: [] }, async (url) => {
      const names = Array.from({ length: 100 }, (_, index) => `Plant ${index}`);
      await Promise.all(
        names.map(async (name) => {
          expect(await create(url, ALICE, { name })).toBe(201);
          expect(readFileSync(dataFile, "utf8")).toContain(`"name":"${name}"`);
        }),
      );
    });
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toHaveLength(100);
    });
  });

  it("writes a fresh snapshot after a reset and after a load", async () => {
    const server = await startPlantStoreServer({
      tokens: [ALICE],
      dataFile,
      seed: [{ name: "Ivy" }],
    });
    try {
      await create(server.url, ALICE, { name: "Aloe" });
      server.store.reset();
      expect(await create(server.url, ALICE, { name: "Fern" })).toBe(201);
      expect(readFileSync(dataFile, "utf8")).toBe(
        [
          '{"format":"plant-store-data","version":2,"snapshot":1}',
          '{"id":1,"name":"Ivy","owner":null}',
          `{"id":2,"name":"Fern","owner":"${hashOwnerToken(ALICE)}"}`,
          "",
        ].join("\n"),
      );
      server.store.load([{ id: 9, name: "Loaded", owner: null }]);
      expect(await create(server.url, ALICE, { name: "Moss" })).toBe(201);
      expect(readFileSync(dataFile, "utf8")).toBe(
        [
          '{"format":"plant-store-data","version":2,"snapshot":1}',
          '{"id":9,"name":"Loaded","owner":null}',
          `{"id":1,"name":"Moss","owner":"${hashOwnerToken(ALICE)}"}`,
          "",
        ].join("\n"),
      );
    } finally {
      await server.close();
    }
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Loaded" }, { name: "Moss" }]);
    });
  });

  it("moves a last line cut off mid-write to a file named in the warning, and appends after the last whole line", async () => {
    const header = '{"format":"plant-store-data","version":2,"snapshot":1}';
    await writeFile(dataFile, `${header}\n{"id":1,"name":"Ivy","owner":null}\n{"id":2,"na`);
    const lines: [string, string][] = [];
    await withServer({ log: (line, kind) => lines.push([line, kind]) }, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }]);
      expect(await create(url, ALICE, { name: "Aloe" })).toBe(201);
    });
    const errors = lines.filter(([, kind]) => kind === "error");
    expect(errors).toHaveLength(1);
    const warning =
      /^Data file (.+), line 3: moved 11 bytes of a line cut off mid-write to (.+) \(the process stopped before that create was answered\)\.$/.exec(
        errors[0]?.[0] ?? "",
      );
    expect(warning?.[1]).toBe(dataFile);
    const aside = warning?.[2] as string;
    expect(aside.startsWith(`${dataFile}.torn-`)).toBe(true);
    expect(await readFile(aside, "utf8")).toBe('{"id":2,"na');
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }, { name: "Aloe" }]);
    });
  });

  it("keeps a whole last line that has no newline (a hand edit), and appends after it", async () => {
    const header = '{"format":"plant-store-data","version":2,"snapshot":0}';
    await writeFile(dataFile, `${header}\n{"id":1,"name":"Ivy","owner":null}`);
    const errors: string[] = [];
    const log = (line: string, kind: string) => kind === "error" && errors.push(line);
    await withServer({ log }, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }]);
      expect(await create(url, ALICE, { name: "Aloe" })).toBe(201);
    });
    expect(errors).toEqual([]);
    expect(await readdir(directory)).toEqual(["plants.json"]);
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }, { name: "Aloe" }]);
    });
    // A header alone without its newline is whole too.
    await writeFile(dataFile, header);
    await withServer({}, async (url) => {
      expect(await create(url, ALICE, { name: "Fern" })).toBe(201);
      expect(await list(url, ALICE)).toEqual([{ name: "Fern" }]);
    });
  });

  it("skips blank lines and a leading byte order mark (a hand edit), and appends after them", async () => {
    const header = '{"format":"plant-store-data","version":2,"snapshot":1}';
    const ivy = '{"id":1,"name":"Ivy","owner":null}';
    const aloe = '{"id":2,"name":"Aloe","owner":null}';
    // A BOM, an empty line, a line of spaces, CRLF blank lines, and trailing spaces unterminated.
    await writeFile(dataFile, `\uFEFF${header}\n\n${ivy}\n   \n\r\n${aloe}\r\n\r\n  `);
    const errors: string[] = [];
    const log = (line: string, kind: string) => kind === "error" && errors.push(line);
    await withServer({ log }, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }, { name: "Aloe" }]);
      expect(await create(url, ALICE, { name: "Fern" })).toBe(201);
    });
    expect(errors).toEqual([]);
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }, { name: "Aloe" }, { name: "Fern" }]);
    });
  });

  it("refuses a data file with more than one name (a hard link): its lock could not hold", async () => {
    await withServer({ seed: [{ name: "Ivy" }] }, async (url) => {
      expect(await create(url, ALICE, { name: "Aloe" })).toBe(201);
    });
    const otherName = join(directory, "hard.log");
    await link(dataFile, otherName);
    const before = await readFile(dataFile, "utf8");
    for (const name of [dataFile, otherName]) {
      const started = startPlantStoreServer({ tokens: [ALICE], dataFile: name });
      await expect(started).rejects.toBeInstanceOf(PlantStoreDataFileError);
      await expect(started).rejects.toThrow(
        `Data file ${name} has 2 hard links (names of the same file): another server could use it under another name, and snapshots would split the names apart; give a file with one name (copy it, or remove the other links).`,
      );
    }
    expect(await readFile(dataFile, "utf8")).toBe(before);
    expect((await readdir(directory)).sort(), "no lock left").toEqual(["hard.log", "plants.json"]);
    await rm(otherName);
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Ivy" }, { name: "Aloe" }]);
    });
  });

  it("refuses a directory as data file for what it is, not for its links", async () => {
    await mkdir(dataFile);
    const started = startPlantStoreServer({ tokens: [ALICE], dataFile });
    await expect(started).rejects.toBeInstanceOf(PlantStoreDataFileError);
    await expect(started).rejects.toThrow(
      `Data file ${dataFile} cannot be read: EISDIR: illegal operation on a directory, read`,
    );
  });

  it("refuses a second server on the same data file, naming the file and the process, until the first closes", async () => {
    const first = await startPlantStoreServer({ tokens: [ALICE], dataFile });
    try {
      const second = startPlantStoreServer({ tokens: [ALICE], dataFile });
      await expect(second).rejects.toBeInstanceOf(PlantStoreDataFileError);
      await expect(second).rejects.toThrow(
        `Data file ${dataFile} is in use by process ${process.pid} (lock file ${dataFile}.lock); stop that server first, or give another data file.`,
      );
      expect(await create(first.url, ALICE, { name: "Aloe" })).toBe(201);
    } finally {
      await first.close();
    }
    expect(await readdir(directory)).toEqual(["plants.json"]);
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toContainEqual({ name: "Aloe" });
    });
  });

  it("takes over at once a lock whose process is gone, even one that had this process's PID", async () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    // Our own PID, in a lock this process never took: a restarted container often runs its
    // server as the same PID as the one that was killed.
    for (const holder of [`${gone}\n`, `${process.pid}\n`, ""]) {
      await writeFile(`${dataFile}.lock`, holder);
      await withServer({}, async (url) => {
        const lock = await readFile(`${dataFile}.lock`, "utf8");
        expect(lock.split("\n")[0]).toBe(`${process.pid}`);
        expect(await create(url, ALICE, { name: "Aloe" })).toBe(201);
      });
      expect(await readdir(directory)).toEqual(["plants.json"]);
    }
  });

  it.runIf(existsSync("/proc/self/stat"))(
    "tells the lock's server from a later process that got its PID, by when it started",
    async () => {
      const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"]);
      try {
        await once(other, "spawn");
        const stat = readFileSync(`/proc/${other.pid}/stat`, "utf8");
        const started = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
        await writeFile(`${dataFile}.lock`, `${other.pid}\n${started}\n`);
        await expect(startPlantStoreServer({ tokens: [ALICE], dataFile })).rejects.toThrow(
          `is in use by process ${other.pid} `,
        );
        // The same PID, but a process that started later than the lock's server.
        await writeFile(`${dataFile}.lock`, `${other.pid}\n${started - 1}\n`);
        await withServer({}, async (url) => {
          expect(await create(url, ALICE, { name: "Aloe" })).toBe(201);
        });
      } finally {
        other.kill();
      }
    },
  );

  it("lets exactly one of several servers started at once on a stale lock run", async () => {
    await writeFile(`${dataFile}.lock`, `${spawnSync(process.execPath, ["-e", ""]).pid}\n`);
    const starts = await Promise.allSettled(
      [1, 2, 3, 4].map(() => startPlantStoreServer({ tokens: [ALICE], dataFile })),
    );
    const started = starts.flatMap((result) =>
      result.status === "fulfilled" ? [result.value] : [],
    );
    expect(started).toHaveLength(1);
    for (const result of starts) {
      if (result.status === "rejected") {
        expect(result.reason).toBeInstanceOf(PlantStoreDataFileError);
        expect(String(result.reason)).toContain(`is in use by process ${process.pid}`);
      }
    }
    await started[0]?.close();
    expect(await readdir(directory)).toEqual(["plants.json"]);
  });

  it("locks the file a symbolic link points to, and keeps the link a link through snapshots", async () => {
    const target = join(directory, "real", "plants.log");
    await mkdir(dirname(target));
    await symlink(target, dataFile);
    const server = await startPlantStoreServer({ tokens: [ALICE], dataFile, seed: [] });
    try {
      const viaTarget = startPlantStoreServer({ tokens: [ALICE], dataFile: target });
      await expect(viaTarget).rejects.toThrow(
        `Data file ${target} is in use by process ${process.pid} (lock file ${target}.lock)`,
      );
      expect(await create(server.url, ALICE, { name: "Aloe" })).toBe(201);
      server.store.reset(); // a snapshot: written aside, renamed over the target
      expect(await create(server.url, ALICE, { name: "Fern" })).toBe(201);
    } finally {
      await server.close();
    }
    expect((await lstat(dataFile)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, "utf8")).toContain('"name":"Fern"');
    await withServer({}, async (url) => {
      expect(await list(url, ALICE)).toEqual([{ name: "Fern" }]);
    });
  });

  it("follows a symbolic link to a file not created yet, and creates that file", async () => {
    const target = join(directory, "target.log");
    await symlink("target.log", dataFile);
    await withServer({ seed: [{ name: "Ivy" }] }, async (url) => {
      expect(await create(url, ALICE, { name: "Aloe" })).toBe(201);
    });
    expect((await lstat(dataFile)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, "utf8")).toContain('"name":"Aloe"');
  });

  it("refuses to start when the data file cannot be written, rather than failing each create", async () => {
    // A name just short of the 255-byte limit: it can be read (it does not exist), but the
    // snapshot written next to it, under a longer temporary name, cannot be created.
    const unwritable = join(directory, `${"p".repeat(245)}.log`);
    const started = startPlantStoreServer({ tokens: [ALICE], dataFile: unwritable });
    await expect(started).rejects.toBeInstanceOf(PlantStoreDataFileError);
    await expect(started).rejects.toThrow(
      `Data file ${unwritable} cannot be written (ENAMETOOLONG); check that its directory exists and is writable.`,
    );
  });

  it.each([
    [0, RangeError],
    [1.5, RangeError],
    [2_147_483_648, RangeError],
    ["sometimes", TypeError],
  ])("refuses fsync: %j, naming the option", async (fsync, type) => {
    const started = startPlantStoreServer({ dataFile, fsync: fsync as "always" });
    await expect(started).rejects.toBeInstanceOf(type);
    await expect(started).rejects.toThrow(
      'fsync must be "always", "never" or a whole number of milliseconds from 1 to 2147483647.',
    );
  });

  const HEADER = '{"format":"plant-store-data","version":2,"snapshot":1}';
  const IVY = '{"id":1,"name":"Ivy","owner":null}';
  it.each([
    ["not JSON", "{ plants: [", "line 1: not valid JSON ("],
    ["an array", "[]\n", "line 1: the header must be an object"],
    [
      "of another format",
      '{"format":"x","version":2,"snapshot":0}\n',
      'line 1: "format" must be "plant-store-data"',
    ],
    [
      "of a later version",
      '{"format":"plant-store-data","version":3}\n',
      'line 1: "version" must be 2',
    ],
    ["whose header is cut off", '{"format":"plant-store-data","vers', "line 1: not valid JSON ("],
    [
      "with a whole last line that is no plant",
      `${HEADER}\n${IVY}\n{"id":2}`,
      'line 3: "name" must be a non-empty string',
    ],
    [
      "with a bad line before the last",
      `${HEADER}\n${IVY}\n{"id":2,"name":\n{"id":3,"name":"C","owner":null}\n`,
      "line 3: not valid JSON (",
    ],
    [
      "with a bad last line that is whole",
      `${HEADER}\n${IVY}\n{"id":2}\n`,
      'line 3: "name" must be a non-empty string',
    ],
    [
      "holding a plant without id",
      `${HEADER}\n{"name":"A","owner":null}\n`,
      'line 2: "id" is missing',
    ],
    [
      "holding a raw token as owner",
      `${HEADER}\n{"id":1,"name":"A","owner":"${ALICE}"}\n`,
      'line 2: "owner" must be null or "sha256:" and 64 hex digits',
    ],
    [
      "using an id twice",
      `${HEADER}\n${IVY}\n{"id":1,"name":"B","owner":null}\n`,
      "line 3: id 1 is already used by an earlier line",
    ],
    ["that is empty", "", "line 1: the file is empty: it has no header line"],
    ["of blank lines only", "\n  \n", "line 1: the file is empty: it has no header line"],
    [
      "with a bad line after blank ones, counting them",
      `\n${HEADER}\n\n${IVY}\n{"id":2}\n`,
      'line 5: "name" must be a non-empty string',
    ],
    [
      "shorter than its snapshot",
      `{"format":"plant-store-data","version":2,"snapshot":3}\n${IVY}\n`,
      "line 2: the file ends after 1 plants, but its header announces a snapshot of 3",
    ],
  ])("refuses to start on a data file %s, leaving the file alone", async (_, text, problem) => {
    await writeFile(dataFile, text);
    const started = startPlantStoreServer({ tokens: [ALICE], dataFile });
    await expect(started).rejects.toBeInstanceOf(PlantStoreDataFileError);
    await expect(started).rejects.toThrow(`Data file ${dataFile}`);
    await expect(started).rejects.toThrow(problem);
    expect(await readFile(dataFile, "utf8")).toBe(text);
    expect(await readdir(directory), "its lock released").toEqual(["plants.json"]);
  });

  it("releases the data file's lock when the start fails on a taken port", async () => {
    const taken = await startPlantStoreServer({ tokens: [ALICE] });
    try {
      const port = Number(new URL(taken.url).port);
      await expect(startPlantStoreServer({ tokens: [ALICE], dataFile, port })).rejects.toThrow(
        "the port is already in use",
      );
    } finally {
      await taken.close();
    }
    await withServer({}, async (url) => {
      expect(await create(url, ALICE, { name: "Aloe" })).toBe(201);
    });
  });
});

describe("admin changes and the data file", () => {
  it("keeps plants loaded through PUT /__admin/plants across a restart", async () => {
    const first = await startPlantStoreServer({ dataFile, admin: true });
    const put = await fetch(`${first.url}/__admin/plants`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([{ name: "Kept through a restart", id: 3 }]),
    });
    expect(put.status).toBe(200);
    await first.close();

    const second = await startPlantStoreServer({ dataFile, admin: true });
    try {
      expect(second.store.entries()).toEqual([
        { id: 3, name: "Kept through a restart", owner: null },
      ]);
    } finally {
      await second.close();
    }
  });
});
