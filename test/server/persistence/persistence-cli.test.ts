// `plant-store-mock --data` as a user runs it: real processes on real files, killed where
// that is what happens to them: one server per file, a killed server's lock, links, and the
// last line of the file.
import { link, lstat, readFile, symlink, writeFile } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { DEMO_TOKEN } from "../../../src/server/index.js";
import { type RunningCli, useCliFixture } from "../support/cli-process.js";

const { start: startTracked, run: runToEnd, scratchPath } = useCliFixture("persistence-cli");

function start(args: readonly string[]): Promise<RunningCli> {
  return startTracked(["--port", "0", "--quiet", ...args]);
}

async function stop(cli: RunningCli): Promise<void> {
  cli.child.kill("SIGTERM");
  expect((await cli.exited).code).toBe(0);
}

async function names(url: string): Promise<string[]> {
  const response = await fetch(`${url}/plants`, {
    headers: { authorization: `Bearer ${DEMO_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((plant) => plant.name);
}

async function create(url: string, name: string): Promise<number> {
  const response = await fetch(`${url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${DEMO_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  return response.status;
}

/** The PID a data file's lock names: its first line. */
async function lockHolder(dataFile: string): Promise<string | undefined> {
  return (await readFile(`${dataFile}.lock`, "utf8")).split("\n")[0];
}

describe("plant-store-mock --data", () => {
  it("refuses a second server on the same file: exit 2, one line naming the file and the PID holding it", async () => {
    const dataFile = scratchPath("shared.log");
    const first = await start(["--data", dataFile]);
    const second = await runToEnd(["--port", "0", "--data", dataFile]);
    expect(second.code).toBe(2);
    expect(second.stdout).toBe("");
    expect(second.stderr).toBe(
      `plant-store-mock: Data file ${dataFile} is in use by process ${first.child.pid} (lock file ${dataFile}.lock); stop that server first, or give another data file.\n`,
    );
    expect(await create(first.url, "Aloe")).toBe(201);
    await stop(first);
    // Released on a clean stop.
    await expect(lstat(`${dataFile}.lock`)).rejects.toThrow("ENOENT");
  });

  it("takes over at once the lock of a server killed with SIGKILL", async () => {
    const dataFile = scratchPath("killed.log");
    const killed = await start(["--data", dataFile]);
    expect(await create(killed.url, "Aloe")).toBe(201);
    expect(await lockHolder(dataFile)).toBe(`${killed.child.pid}`);
    killed.child.kill("SIGKILL");
    expect((await killed.exited).signal).toBe("SIGKILL");
    // Started the moment the other is gone, its lock file still there.
    const next = await start(["--data", dataFile]);
    expect(await names(next.url)).toContain("Aloe");
    expect(await lockHolder(dataFile)).toBe(`${next.child.pid}`);
    await stop(next);
  });

  it("lets exactly one of several servers started at once on a killed server's lock run", async () => {
    const dataFile = scratchPath("race.log");
    const killed = await start(["--data", dataFile]);
    killed.child.kill("SIGKILL");
    await killed.exited;
    const starts = await Promise.allSettled([1, 2, 3].map(() => start(["--data", dataFile])));
    const started = starts.filter((result) => result.status === "fulfilled");
    expect(started).toHaveLength(1);
    const winner = (started[0] as PromiseFulfilledResult<RunningCli>).value;
    for (const result of starts) {
      if (result.status === "rejected") {
        expect(String(result.reason)).toContain(
          `Data file ${dataFile} is in use by process ${winner.child.pid} (lock file ${dataFile}.lock)`,
        );
      }
    }
    expect(await create(winner.url, "Aloe")).toBe(201);
  });

  it("refuses a data file that has a second name (a hard link), while a server runs on the first: exit 2, one line", async () => {
    const dataFile = scratchPath("store.log");
    const first = await start(["--data", dataFile]);
    expect(await create(first.url, "Aloe")).toBe(201);
    const otherName = scratchPath("hard.log");
    await link(dataFile, otherName);
    const second = await runToEnd(["--port", "0", "--data", otherName]);
    expect(second.code).toBe(2);
    expect(second.stdout).toBe("");
    expect(second.stderr).toBe(
      `plant-store-mock: Data file ${otherName} has 2 hard links (names of the same file): another server could use it under another name, and snapshots would split the names apart; give a file with one name (copy it, or remove the other links).\n`,
    );
    expect(await create(first.url, "Fern")).toBe(201);
    await stop(first);
    expect(await readFile(dataFile, "utf8")).toContain('"name":"Fern"');
  });

  it("writes the file a symbolic link points to, snapshots included, and leaves the link a link", async () => {
    const target = scratchPath("target.log");
    const link = scratchPath("link.log");
    await symlink(target, link);
    const cli = await start(["--data", link, "--admin"]);
    expect(await create(cli.url, "Aloe")).toBe(201);
    const reset = await fetch(`${cli.url}/__admin/reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(reset.status).toBe(204);
    expect(await create(cli.url, "Fern")).toBe(201);
    await stop(cli);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    const written = await readFile(target, "utf8");
    expect(written).toContain('"name":"Fern"');
    expect(written).not.toContain('"name":"Aloe"');
    const again = await start(["--data", link]);
    expect(await names(again.url)).toContain("Fern");
  });

  it("moves a torn last line aside to a file named in its warning, never destroying it", async () => {
    const dataFile = scratchPath("torn.log");
    const header = '{"format":"plant-store-data","version":2,"snapshot":1}';
    const torn = '{"id":2,"name":"Half';
    await writeFile(dataFile, `${header}\n{"id":1,"name":"Ivy","owner":null}\n${torn}`);
    const cli = await start(["--data", dataFile]);
    const pattern = new RegExp(
      `^Data file ${dataFile}, line 3: moved ${torn.length} bytes of a line cut off mid-write to (${dataFile}\\.torn-[^ ]+) \\(the process stopped before that create was answered\\)\\.\\n$`,
    );
    // Printed before the banner, but on stderr, which may reach us after stdout.
    await vi.waitFor(() => expect(cli.stderr()).toMatch(pattern), { timeout: 5_000 });
    const warning = pattern.exec(cli.stderr());
    expect(await readFile(warning?.[1] as string, "utf8")).toBe(torn);
    expect(await create(cli.url, "Aloe")).toBe(201);
    expect(await names(cli.url)).toEqual(["Ivy", "Aloe"]);
    await stop(cli);
  });

  it("keeps a whole last line that lacks its newline, without a warning", async () => {
    const dataFile = scratchPath("edited.log");
    const header = '{"format":"plant-store-data","version":2,"snapshot":0}';
    await writeFile(dataFile, `${header}\n{"id":1,"name":"Ivy","owner":null}`);
    const cli = await start(["--data", dataFile]);
    expect(cli.stderr()).toBe("");
    expect(await create(cli.url, "Aloe")).toBe(201);
    expect(await names(cli.url)).toEqual(["Ivy", "Aloe"]);
    await stop(cli);
    const again = await start(["--data", dataFile]);
    expect(await names(again.url)).toEqual(["Ivy", "Aloe"]);
  });
});
