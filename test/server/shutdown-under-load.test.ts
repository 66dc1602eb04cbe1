// SIGTERM to the CLI in the middle of a create burst, with a data file. cli/cli.test.ts covers
// one held request; this covers many at once plus keep-alive traffic racing the shutdown:
// every held request gets its full answer, new connections are refused, the process exits
// 0, and the data file then holds exactly the acknowledged creates (none lost, no phantom).
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { useCliFixture } from "./support/cli-process.js";
import { createKeepAliveClient } from "./support/keep-alive-client.js";
import { openRawConnection, type RawConnection, requestHead } from "./support/raw-connection.js";
import { waitUntilRefused } from "./support/raw-http.js";

const token = "shutdown-load-token";
const heldCount = 20;
const burstWorkers = 20;

const { start, scratchPath } = useCliFixture("shutdown-under-load");

/** A create whose headers the server has taken in (it sent 100 Continue); the body waits. */
async function holdCreate(url: string, name: string) {
  const connection = await openRawConnection(url);
  const body = JSON.stringify({ name });
  await connection.write(
    requestHead("POST", "/plants", {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(body),
      Expect: "100-continue",
    }),
  );
  const [interim] = await connection.responses(1);
  expect(interim?.status).toBe(100);
  return { connection, body, name };
}

/** Creates in a loop until the server stops taking them, adding each acknowledged name. */
async function burst(url: string, worker: number, stop: { now: boolean }, acknowledged: string[]) {
  const client = createKeepAliveClient(url, 1);
  try {
    for (let step = 0; step < 5_000 && !stop.now; step++) {
      const name = `burst ${worker}-${step}`;
      const response = await client
        .send({ method: "POST", path: "/plants", token, body: { name } })
        .catch(() => undefined);
      if (response === undefined) break; // the connection went with the shutdown
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ name });
      acknowledged.push(name);
    }
  } finally {
    client.close();
  }
}

it("SIGTERM mid-burst: held requests answered in full, exit 0, data file = acknowledged", async () => {
  const dataFile = scratchPath("plants.json");
  const cli = await start(["--port", "0", "--quiet", "--token", token, "--data", dataFile]);
  const url = cli.url;

  const held = await Promise.all(
    Array.from({ length: heldCount }, (_, index) => holdCreate(url, `held ${index}`)),
  );
  const stop = { now: false };
  const burstAcknowledged: string[] = [];
  const workers = Array.from({ length: burstWorkers }, (_, worker) =>
    burst(url, worker, stop, burstAcknowledged),
  );
  // The signal must land in a running burst: wait (bounded) until creates are flowing.
  for (let wait = 0; wait < 500 && burstAcknowledged.length < 100; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(burstAcknowledged.length).toBeGreaterThanOrEqual(100);

  cli.child.kill("SIGTERM");
  expect(await waitUntilRefused(url)).toBe(true);
  stop.now = true;

  await Promise.all(held.map(({ connection, body }) => connection.write(body)));
  const answers = await Promise.all(
    held.map(async ({ connection, name }: { connection: RawConnection; name: string }) => {
      const responses = await connection.responses(2);
      await connection.closedByServer();
      return { name, final: responses[1] };
    }),
  );
  for (const { name, final } of answers) {
    expect(final?.status).toBe(201);
    expect(final?.headers.connection).toBe("close");
    expect(JSON.parse(final?.body ?? "")).toEqual({ name });
  }

  expect((await cli.exited).code).toBe(0);
  await Promise.all(workers);
  const acknowledged = [...answers.map(({ name }) => name), ...burstAcknowledged];

  // The data file is a header line, then one JSON line per plant (docs/persistence.md).
  const plants = (await readFile(dataFile, "utf8"))
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as { name: string; owner: string | null });
  const created = plants.filter((plant) => plant.owner !== null).map((plant) => plant.name);
  expect(created.slice().sort()).toEqual(acknowledged.slice().sort());
  expect(await readFile(dataFile, "utf8")).not.toContain(token);
  expect(`${cli.stdout()}${cli.stderr()}`).not.toContain(token);
}, 40_000);
