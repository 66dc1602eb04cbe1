// Every way a test suite reaches one world of the reference server, behind one shape, so the
// lifecycle rules ("decided when it arrives", one reset, waits that end) are checked on each:
// the fetch handler, the MSW handler set in Node, the Node server object over HTTP and the
// admin client, each on its global world and inside a sandbox.
import { connect } from "node:net";
import { setupServer } from "msw/node";
import { afterAll, beforeAll } from "vitest";
import { createPlantStoreAdmin } from "../../../src/admin/index.js";
import type { PlantStoreOperation } from "../../../src/contract/journal-entries.js";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import type { BreakKind } from "../../../src/mock/scenarios/break-kinds.js";
import type {
  BreakNextOptions,
  ChaosOptions,
  DelayNextOptions,
  FailNextOptions,
  RespondNextAnswer,
} from "../../../src/mock/scenarios/scenario-types.js";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { until } from "../../support/event-loop.js";

const TOKEN = "lifecycle-token";

/** What a request got: its status, or "dropped" when no answer came (the connection closed). */
export type Outcome = number | "dropped";

/** The scenario verbs of one world, in process or over HTTP (then they resolve when set). */
export interface WorldVerbs {
  delayNext(operation: PlantStoreOperation, ms: number, options?: DelayNextOptions): unknown;
  failNext(operation: PlantStoreOperation, options?: FailNextOptions): unknown;
  respondNext<Op extends PlantStoreOperation>(
    operation: Op,
    answer: RespondNextAnswer<Op>,
  ): unknown;
  breakNext(operation: PlantStoreOperation, kind: BreakKind, options?: BreakNextOptions): unknown;
  chaos(options: ChaosOptions | null): unknown;
  reset(): unknown;
  clearFaults(): unknown;
  requests(): unknown[] | Promise<unknown[]>;
}

export interface ServingPath {
  readonly name: string;
  readonly world: WorldVerbs;
  /** A list; resolves with what it got. */
  list(): Promise<Outcome>;
  /** A GET of `target` (such as "/plants?limit=2"), or a create of `body`: what it got. */
  send(target: string, body?: object): Promise<Outcome>;
  /**
   * Sends a list (of `target`, default "/plants") the world will hold back (a pending
   * delayNext) and resolves once it has arrived, that is once a second request sent after it
   * (`/plants?limit=0`) has been answered; `outcome` is the held list's.
   */
  sendHeldList(target?: string): Promise<{ outcome: Promise<Outcome> }>;
  close(): Promise<void>;
}

const outcomeOf = (request: Promise<Response>): Promise<Outcome> =>
  request.then(
    (response) => response.status,
    () => "dropped",
  );

/** The request `ServingPath.send` makes: a GET, or a JSON create of `body`. */
function requestInit(token: string, body?: object): RequestInit {
  if (body === undefined) return { headers: bearer(token) };
  return {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  };
}

function inProcessPath(
  name: string,
  world: WorldVerbs,
  send: (path: string, body?: object) => Promise<Response>,
  close: () => Promise<void> = async () => {},
): ServingPath {
  return {
    name,
    world,
    list: () => outcomeOf(send("/plants")),
    send: (target, body) => outcomeOf(send(target, body)),
    async sendHeldList(target = "/plants") {
      const outcome = outcomeOf(send(target));
      // Requests through one handler run the same steps in the order they were sent: the
      // marker's answer means the held list has arrived and taken its delay.
      await send("/plants?limit=0");
      return { outcome };
    },
    close,
  };
}

function fetchHandlerPaths(): ServingPath[] {
  const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
  const sandbox = handle.createSandbox();
  const sender = (token: string) => (path: string, body?: object) =>
    handle(new Request(`http://lifecycle.test${path}`, requestInit(token, body)));
  return [
    inProcessPath("the fetch handler", handle, sender(TOKEN)),
    inProcessPath("a sandbox of the fetch handler", sandbox, sender(sandbox.token)),
  ];
}

function mswPaths(): ServingPath[] {
  const base = "http://lifecycle-msw.test/v1";
  const plantStore = createPlantStoreHandlers({ baseUrl: base, tokens: [TOKEN] });
  const sandbox = plantStore.createSandbox();
  const server = setupServer(...plantStore.handlers);
  // Other paths of the same suite talk to a real server: MSW lets them through.
  server.listen({ onUnhandledRequest: "bypass" });
  const sender = (token: string) => (path: string, body?: object) =>
    fetch(`${base}${path}`, requestInit(token, body));
  return [
    inProcessPath("the MSW handler set", plantStore, sender(TOKEN)),
    inProcessPath("a sandbox of the MSW handler set", sandbox, sender(sandbox.token), async () =>
      server.close(),
    ),
  ];
}

async function serverPaths(): Promise<ServingPath[]> {
  const adminToken = "lifecycle-admin-token";
  const server = await startPlantStoreServer({ tokens: [TOKEN], admin: { token: adminToken } });
  const sandbox = server.createSandbox();
  const admin = createPlantStoreAdmin({ baseUrl: server.url, token: adminToken });
  const adminSandbox = await admin.createSandbox();
  const close = () => server.close();
  return [
    httpPath("the server object", server, server, TOKEN),
    httpPath("a sandbox of the server object", server, sandbox, sandbox.token),
    httpPath("the admin client", server, admin, TOKEN),
    httpPath("a sandbox of the admin client", server, adminSandbox, adminSandbox.token, close),
  ];
}

function httpPath(
  name: string,
  server: PlantStoreServer,
  world: WorldVerbs,
  token: string,
  close: () => Promise<void> = async () => {},
): ServingPath {
  return {
    name,
    world,
    list: () => outcomeOf(fetch(`${server.url}/plants`, { headers: bearer(token) })),
    send: (target, body) => outcomeOf(fetch(`${server.url}${target}`, requestInit(token, body))),
    sendHeldList: (target) =>
      sendHeldListOverHttp(server.url, token, () => world.requests(), target),
    close,
  };
}

/**
 * Sends a list the world holds back (a pending delayNext) to the server at `url` and resolves
 * once it has arrived: a marker list is pipelined behind it on one connection, and Node hands
 * the core both requests as they are parsed, so once the marker is in the journal (`requests`:
 * the world's), the held list has arrived before it. Counting timers would not do over HTTP:
 * the client's and the server's own sockets start and stop timers too.
 */
export async function sendHeldListOverHttp(
  url: string,
  token: string,
  requests: () => unknown[] | Promise<unknown[]>,
  target = "/plants",
): Promise<{ outcome: Promise<Outcome> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => {
    received += chunk;
  });
  const outcome = new Promise<Outcome>((resolve) => {
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status === undefined ? "dropped" : Number(status));
    });
  });
  const head = (path: string, last = "") =>
    `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n${last}\r\n`;
  const before = (await requests()).length;
  // The marker goes last and closes the connection, so answered or not, it closes.
  socket.write(head(target) + head("/plants?limit=0", "Connection: close\r\n"));
  await until(async () => (await requests()).length > before, "the held list arrives");
  return { outcome };
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Every serving path's name, in the order the suites run them. */
export const SERVING_PATH_NAMES = [
  "the fetch handler",
  "a sandbox of the fetch handler",
  "the MSW handler set",
  "a sandbox of the MSW handler set",
  "the server object",
  "a sandbox of the server object",
  "the admin client",
  "a sandbox of the admin client",
];

/**
 * Opens every serving path for the calling test file, and closes them after it; returns what
 * finds one by its name (once the file's tests run).
 */
export function useServingPaths(): (name: string) => ServingPath {
  const paths: ServingPath[] = [];
  beforeAll(async () => {
    paths.push(...fetchHandlerPaths(), ...mswPaths(), ...(await serverPaths()));
  });
  afterAll(async () => {
    for (const path of paths) await path.close();
  });
  return (name) => paths.find((candidate) => candidate.name === name) as ServingPath;
}
