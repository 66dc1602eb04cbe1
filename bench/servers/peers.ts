// The servers of other projects the `peers` benchmark measures ours against, each started from
// test-tools/ in a process of its own on 127.0.0.1: WireMock standalone (its jar, run by Java)
// with two static stubs, Prism mocking openapi.yaml, json-server over a small db.json. A peer
// whose tool is missing here (no Java, test-tools/ not installed) is skipped with the reason;
// one that is there but does not start is an error, so the code cannot rot unnoticed.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { testToolsRoot } from "../../scripts/test-tools.js";
import { LIST_REQUEST, NEW_PLANT_JSON, TEN_PLANTS, TEN_PLANTS_JSON } from "../lib/fixtures.js";
import { BENCH_OUT_DIR, REPO_ROOT, stop } from "../lib/processes.js";

/** The oldest Java WireMock 3 runs on. */
const WIREMOCK_JAVA = 11;

export interface Peer {
  name: string;
  /** The npm package in test-tools/ that brings it. */
  packageName: string;
  /** Why it cannot run on this machine, or undefined when it can. */
  missing(env?: NodeJS.ProcessEnv): string | undefined;
  /** Writes what it serves and gives the command that serves it on 127.0.0.1:`port`. */
  command(port: number): Promise<{ file: string; args: string[] }>;
}

const packageDir = (name: string) => join(testToolsRoot, "node_modules", name);

/** The version of a package in test-tools/ (for the table's notes). */
export const installedVersion = (peer: Peer): string =>
  JSON.parse(readFileSync(join(packageDir(peer.packageName), "package.json"), "utf8")).version;

function notInstalled(peer: Peer, file: string) {
  return existsSync(file)
    ? undefined
    : `${peer.packageName} is not installed in test-tools/ (npm run test-tools)`;
}

/** A Node tool of test-tools/ run by this Node (not whichever `node` the PATH finds). */
function nodeBin(name: string) {
  const bin = join(testToolsRoot, "node_modules", ".bin", name);
  return {
    bin,
    command: (args: string[]) => ({ file: process.execPath, args: [realpathSync(bin), ...args] }),
  };
}

/** The `java` to run: $JAVA_HOME/bin/java when JAVA_HOME is set, as Java's tools do, else the PATH's. */
export function findJava(
  env: NodeJS.ProcessEnv = process.env,
): { java: string; major: number } | { missing: string } {
  const java = env.JAVA_HOME ? join(env.JAVA_HOME, "bin", "java") : "java";
  const needed = `WireMock needs Java ${WIREMOCK_JAVA} or later`;
  const probe = spawnSync(java, ["-version"], { encoding: "utf8", env });
  if (probe.error) {
    const where = env.JAVA_HOME ? `no Java at ${java}, from JAVA_HOME` : "no `java` on the PATH";
    return { missing: `${where} (${needed})` };
  }
  // `openjdk version "17.0.15"`, or `java version "1.8.0_392"` before Java 9.
  const [, first, second] = /version "(\d+)(?:\.(\d+))?/.exec(probe.stderr) ?? [];
  const major = first === "1" ? Number(second) : Number(first);
  if (!(major >= WIREMOCK_JAVA)) {
    return { missing: `${java} is Java ${major || "of an unknown version"} (${needed})` };
  }
  return { java, major };
}

/** The standalone jar the `wiremock` package ships (its bin only runs it with `java -jar`). */
function wiremockJar() {
  const build = join(packageDir("wiremock"), "build");
  const jar = existsSync(build)
    ? readdirSync(build).find((file) => file.endsWith(".jar"))
    : undefined;
  return join(build, jar ?? "wiremock-standalone.jar");
}

export const WIREMOCK: Peer = {
  name: "WireMock standalone, static stubs",
  packageName: "wiremock",
  missing(env) {
    const java = findJava(env);
    return "missing" in java ? java.missing : notInstalled(this, wiremockJar());
  },
  async command(port) {
    const java = findJava();
    if ("missing" in java) throw new Error(java.missing);
    // Two stubs answering fixed bytes: nothing stored, nothing checked.
    const root = join(BENCH_OUT_DIR, "wiremock");
    await mkdir(join(root, "mappings"), { recursive: true });
    const headers = { "Content-Type": "application/json" };
    const stub = (method: string, status: number, body: string) => ({
      request: { method, urlPath: "/plants" },
      response: { status, headers, body },
    });
    const mappings = [stub("GET", 200, TEN_PLANTS_JSON), stub("POST", 201, NEW_PLANT_JSON)];
    await writeFile(join(root, "mappings", "plants.json"), JSON.stringify({ mappings }));
    // No request journal and no request logging: WireMock's own advice for load tests (the
    // journal keeps every request), so this is the fastest way it serves a static stub.
    const quiet = ["--no-request-journal", "--disable-request-logging", "--disable-banner"];
    const listen = ["--port", String(port), "--bind-address", "127.0.0.1"];
    return {
      file: java.java,
      args: ["-jar", wiremockJar(), ...listen, "--root-dir", root, ...quiet],
    };
  },
};

const prism = nodeBin("prism");
export const PRISM: Peer = {
  name: "Prism mock -v error",
  packageName: "@stoplight/prism-cli",
  missing() {
    return notInstalled(this, prism.bin);
  },
  async command(port) {
    // -v error: at its default level Prism logs every request, and the figure would be its logger's.
    const spec = join(REPO_ROOT, "openapi.yaml");
    return prism.command([
      "mock",
      spec,
      "-v",
      "error",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
    ]);
  },
};

const jsonServer = nodeBin("json-server");
export const JSON_SERVER: Peer = {
  name: "json-server, db.json",
  packageName: "json-server",
  missing() {
    return notInstalled(this, jsonServer.bin);
  },
  async command(port) {
    // A fresh file of the ten plants each run: json-server writes every create into it.
    const db = join(BENCH_OUT_DIR, "json-server-db.json");
    const plants = TEN_PLANTS.map((plant, index) => ({ id: index + 1, ...plant }));
    await writeFile(db, JSON.stringify({ plants }));
    return jsonServer.command([db, "--host", "127.0.0.1", "--port", String(port), "--quiet"]);
  },
};

export const PEERS = [WIREMOCK, PRISM, JSON_SERVER];

/** A port free on 127.0.0.1 a moment ago (the peers print no URL to read one from). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until `url` answers the list request (any status), failing if the child ends first. */
async function answering(peer: Peer, url: string, child: ChildProcess, timeout: number) {
  let failure: Error | undefined;
  child.once("error", (error) => {
    failure = error;
  });
  const deadline = performance.now() + timeout;
  while (performance.now() < deadline) {
    if (failure) throw new Error(`${peer.name} did not start: ${failure.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${peer.name} exited (${child.exitCode ?? child.signalCode}) before answering`,
      );
    }
    try {
      const response = await fetch(`${url}${LIST_REQUEST.path}`, { headers: LIST_REQUEST.headers });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(100); // not listening yet
    }
  }
  throw new Error(`${peer.name} did not answer within ${timeout} ms`);
}

/** Starts `peer` on a free port and waits (up to `timeout` ms) until it answers. */
export async function startPeer(peer: Peer, timeout = 60_000) {
  const port = await freePort();
  const { file, args } = await peer.command(port);
  // Its output is not read (none prints a URL with the quiet flags); its errors are passed on
  // through a pipe rather than inherited, so even a peer left running holds no stream of the
  // runner's (a test waiting for the run's output to end would wait for it too).
  const child = spawn(file, args, { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.pipe(process.stderr);
  const url = `http://127.0.0.1:${port}`;
  try {
    await answering(peer, url, child, timeout);
  } catch (error) {
    if (child.pid !== undefined) await stop(child); // no pid: it never started
    throw error;
  }
  return { child, url };
}
