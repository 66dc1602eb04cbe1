// `docker stop` and the data file on a volume: SIGTERM to Node as PID 1 closes the server the
// way Ctrl+C closes the CLI (requests in flight answered first) and it exits 0 before a 2-second
// stop timeout would kill it (exit code 137); every acknowledged create is on the volume for the
// same container started again and for a new one, with no --user, and with --read-only too.
import { request } from "node:http";
import { expect, it } from "vitest";
import { openRawConnection, requestHead } from "../server/support/raw-connection.js";
import {
  createVolume,
  DEMO_TOKEN,
  describeWithEngine,
  engineRun,
  type RunningContainer,
  runContainer,
} from "./support/containers.js";

const auth = { authorization: `Bearer ${DEMO_TOKEN}` };

async function listNames(url: string): Promise<string[]> {
  const answer = await fetch(`${url}/plants`, { headers: auth });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { name: string }[]).map((plant) => plant.name);
}

async function create(url: string, name: string): Promise<number> {
  const answer = await fetch(`${url}/plants`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  return answer.status;
}

/** Whether a request on a new connection (no pooled socket) gets an answer. */
function answersNewConnection(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const outgoing = request(`${url}/plants`, { agent: false, headers: auth }, (response) => {
      response.resume();
      resolve(true);
    });
    outgoing.on("error", () => resolve(false));
    outgoing.end();
  });
}

/** Resolves once the server stopped taking new connections (it has started to close). */
async function untilClosing(container: RunningContainer): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (!(await answersNewConnection(container.url))) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the server still took new connections 5 s after SIGTERM");
}

const exitCode = async (container: RunningContainer) =>
  Number(await engineRun(["wait", container.id]));

describeWithEngine("the image stopped and started again", () => {
  it("exits 0 on `stop` within 2 s, idle keep-alive connections open, each request's log line written", async () => {
    const container = await runContainer();
    const idle = await openRawConnection(container.url);
    await idle.write(requestHead("GET", "/plants", { ...auth, connection: "keep-alive" }));
    const [answer] = await idle.responses(1);
    expect(answer?.status).toBe(200);
    expect(idle.isClosed).toBe(false);
    expect(await container.stop(2)).toBe(0);
    await idle.closedByServer();
    expect(await container.logs()).toMatch(/^GET \/plants 200 [\d.]+ ms$/m);
  });

  it("answers a create whose body is still arriving at SIGTERM with its 201, keeps it, then exits 0", async () => {
    const volume = await createVolume();
    const options = ["--volume", `${volume}:/data`];
    const container = await runContainer(["--data", "/data/plants.log"], options);
    const body = JSON.stringify({ name: "Arriving" });
    const upload = await openRawConnection(container.url);
    await upload.write(
      requestHead("POST", "/plants", {
        ...auth,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      }) + body.slice(0, 6),
    );
    // Connections are accepted in order: once a later one is answered, the upload is in.
    expect(await answersNewConnection(container.url)).toBe(true);
    await engineRun(["kill", "--signal", "TERM", container.id]);
    await untilClosing(container);
    await upload.write(body.slice(6));
    const [answer] = await upload.responses(1);
    expect({ status: answer?.status, body: answer?.body }).toEqual({
      status: 201,
      body: '{"name":"Arriving"}',
    });
    expect(await exitCode(container)).toBe(0);
    const next = await runContainer(["--data", "/data/plants.log"], options);
    expect(await listNames(next.url)).toContain("Arriving");
  });

  it("keeps every acknowledged create on a new named volume (no --user, no chown): for the same container started again and for a new one", async () => {
    const volume = await createVolume();
    const options = ["--volume", `${volume}:/data`];
    const container = await runContainer(["--data", "/data/plants.log"], options);
    const names = Array.from({ length: 20 }, (_, index) => `Kept ${index}`);
    expect(await Promise.all(names.map((name) => create(container.url, name)))).toEqual(
      names.map(() => 201),
    );
    const before = await listNames(container.url);
    expect(before).toHaveLength(5 + 20);
    expect(await container.stop(2)).toBe(0);
    await container.start();
    expect(await listNames(container.url)).toEqual(before);
    expect(await container.stop(2)).toBe(0);
    const next = await runContainer(["--data", "/data/plants.log"], options);
    expect(await listNames(next.url)).toEqual(before);
  });

  it("runs --read-only with the data file on a volume (a relative --data path lands in /data)", async () => {
    const volume = await createVolume();
    const options = ["--read-only", "--volume", `${volume}:/data`];
    const container = await runContainer(["--data", "plants.log"], options);
    expect(await create(container.url, "Read-only fern")).toBe(201);
    expect(await container.stop(2)).toBe(0);
    const next = await runContainer(["--data", "/data/plants.log"], options);
    expect(await listNames(next.url)).toContain("Read-only fern");
  });
});
