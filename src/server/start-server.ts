import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ShadowSummary } from "../contract/shadow-summary.js";
import { createPlantStoreCore } from "../mock/plant-store-core.js";
import type { PlantStoreInProcess } from "../mock/world/in-process.js";
import { createShadowProxy } from "../shadow/shadow-proxy.js";
import { checkServerOptions } from "./check-options.js";
import { answerClientErrors } from "./client-error-event.js";
import { createGracefulClose, trackInFlightResponses } from "./graceful-close.js";
import { NODE_SERVER_OPTIONS, nodeListenerFor } from "./node-adapter.js";
import { openDataFile } from "./persistence/open-data-file.js";
import { type RawAnswers, requestLogger } from "./request-log.js";
import type { PlantStoreServerLog, PlantStoreServerOptions } from "./server-options.js";

/** A running server, as {@link startPlantStoreServer} resolves it: its URL, its world and sandboxes. */
export interface PlantStoreServer extends PlantStoreInProcess {
  /** Base URL for the SDK, e.g. "http://127.0.0.1:4010" (with `basePath` when set). */
  readonly url: string;
  /**
   * Graceful: requests being answered get their answer, waiting ones (a delay, a hang) and
   * those a shadow proxy is forwarding end with none, then the data file is flushed.
   */
  close(): Promise<void>;
  /** With `shadow`: what the proxy found so far, as GET /__admin/shadow serves it; else undefined. */
  shadowSummary(): ShadowSummary | undefined;
}

/** Starts the reference Plant Store over real HTTP; resolves once it is listening. */
export async function startPlantStoreServer(
  options: PlantStoreServerOptions = {},
): Promise<PlantStoreServer> {
  const checked = checkServerOptions(options);
  const { timeouts } = checked;
  const log = safeLog(checked.log);
  const store = checked.core.store;
  const persistence =
    checked.dataFile === undefined
      ? undefined
      : await openDataFile({
          store,
          tokens: checked.core.tokens,
          path: checked.dataFile,
          fsync: checked.fsync,
          log,
        });
  // A shadow proxy stands in front of the core: it takes every API request (the deployment
  // answers them), the core the admin endpoints and CORS preflights. The deployment gets as
  // long to send each part of its answer as a client gets to send its request.
  const shadow =
    checked.shadow === undefined
      ? undefined
      : createShadowProxy(checked.shadow, checked.core, timeouts.requestTimeout);
  const core = createPlantStoreCore(
    { ...checked.core, commit: persistence?.commit },
    shadow?.hooks,
  );
  const server = createServer({
    requestTimeout: timeouts.requestTimeout,
    headersTimeout: timeouts.headersTimeout,
    // Node checks the two timeouts above only this often (30 s by default).
    connectionsCheckingInterval: checked.connectionsCheckingInterval,
    ...NODE_SERVER_OPTIONS,
  });
  server.keepAliveTimeout = timeouts.keepAliveTimeout;

  const inFlight = trackInFlightResponses(server);
  const rawAnswers: RawAnswers = new WeakMap();
  answerClientErrors(server, inFlight, rawAnswers, { ...timeouts, log, headers: core.baseHeaders });
  const graceful = createGracefulClose(server, inFlight, timeouts.shutdownTimeout);
  const logRequest =
    checked.log !== undefined && checked.logRequests
      ? requestLogger(log, rawAnswers, core.secrets)
      : undefined;
  const answer = nodeListenerFor(core, shadow?.frontOf(core));
  // One listener for everything a request needs: Node's emit copies its listener array
  // for every event once there are several.
  const onRequest = (request: IncomingMessage, response: ServerResponse, expects = false) => {
    inFlight.track(request.socket, response);
    graceful.onRequest(response);
    logRequest?.(request, response);
    answer(request, response, expects);
  };
  server.on("request", onRequest);
  // Expect: 100-continue: the go-ahead is sent only if the body is wanted (node-adapter.ts).
  server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) =>
    onRequest(request, response, true),
  );

  let address: AddressInfo;
  try {
    address = await listen(server, checked.port, checked.host);
  } catch (error) {
    shadow?.close();
    await persistence?.close();
    throw error;
  }

  let closed: Promise<void> | undefined;
  return {
    url: serverUrl(address, checked.core.basePath),
    ...core.inProcess,
    ...shadow?.refusedVerbs,
    close() {
      // A hanging request (breakNext), or one a slow deployment holds, would hold the graceful
      // close back for ever.
      core.shutdown();
      shadow?.close();
      closed ??= graceful.close().finally(() => persistence?.close());
      return closed;
    },
    shadowSummary: () => shadow?.summary(),
  };
}

/** A log function that throws (a closed stream, say) must not take the server down with it. */
function safeLog(log: PlantStoreServerLog | undefined): PlantStoreServerLog {
  if (log === undefined) return () => {};
  return (line, kind) => {
    try {
      log(line, kind);
    } catch {
      // Nowhere better to report it: the log is where problems go.
    }
  };
}

const REASONS: Record<string, string> = {
  EADDRINUSE: "the port is already in use",
  EACCES: "permission denied (ports below 1024 need privileges)",
  EADDRNOTAVAIL: "the address is not available on this machine",
  ENOTFOUND: "the host name does not resolve",
};

/** Listens, turning the usual failures into one sentence a CLI can print as is. */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const reason = REASONS[error.code ?? ""] ?? error.message;
      reject(new Error(`Cannot listen on ${host}:${port}: ${reason}.`, { cause: error }));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** The URL a client uses to reach the server: a wildcard address becomes loopback. */
export function serverUrl(address: AddressInfo, basePath: string): string {
  let host = address.address;
  if (host === "0.0.0.0") host = "127.0.0.1";
  else if (host === "::") host = "::1";
  if (host.includes(":")) host = `[${host}]`;
  return `http://${host}:${address.port}${basePath}`;
}
