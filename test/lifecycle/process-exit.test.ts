// No delay or hang keeps a Node process alive on its own: with a 30 s delay pending, a script
// exits at once after clearFaults(), a sandbox's close(), the server's close() or the MSW set's
// reset(), and the CLI exits on SIGTERM. "At once" is checked as "long before the delay would
// have ended": each run is killed after 10 s, and a killed run fails.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import { DEMO_TOKEN } from "../../src/server/server-options.js";
import { useCliFixture } from "../server/support/cli-process.js";
import { openRawConnection, requestHead } from "../server/support/raw-connection.js";

function runScript(name: string) {
  const script = fileURLToPath(new URL(`./scripts/${name}`, import.meta.url));
  const run = spawnSync(process.execPath, ["--import", "tsx", script], {
    encoding: "utf8",
    timeout: 10_000,
  });
  return { status: run.status, signal: run.signal, stdout: run.stdout.trim(), stderr: run.stderr };
}

describe("a script exits at once with a 30 s delay pending", () => {
  it.each([
    ["after the fetch handler's clearFaults()", "fetch-handler-clear-faults.ts", "dropped"],
    ["after a sandbox's close()", "sandbox-close.ts", "dropped"],
    ["after await server.close()", "server-close.ts", "dropped 0"],
    ["after the MSW handler set's reset()", "msw-reset.ts", "dropped"],
  ])("%s", (_, script, printed) => {
    const run = runScript(script);
    expect(run).toMatchObject({ status: 0, signal: null, stdout: printed });
  });
});

describe("the CLI", () => {
  const { start } = useCliFixture("lifecycle-exit");

  it("exits 0 on SIGTERM with a 30 s delay pending, dropping the held request", async () => {
    const cli = await start(["--port", "0", "--admin", "--quiet"]);
    const admin = createPlantStoreAdmin({ baseUrl: cli.url });
    await admin.delayNext("listPlants", 30_000);
    const connection = await openRawConnection(cli.url);
    const headers = { Authorization: `Bearer ${DEMO_TOKEN}` };
    // A marker pipelined behind the held list: once it is listed, the list has arrived.
    await connection.write(
      requestHead("GET", "/plants", headers) + requestHead("GET", "/plants?limit=0", headers),
    );
    await expect.poll(async () => (await admin.requests()).length).toBe(1);
    cli.child.kill("SIGTERM");
    await connection.closedByServer();
    // Bounded by the test's own timeout (5 s), far below the delay.
    expect((await cli.exited).code).toBe(0);
  });
});
