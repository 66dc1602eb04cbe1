import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkAdminOption } from "../mock/admin/admin-access.js";
import type { PlantStoreRequestJournal } from "../mock/journal.js";
import { createLandingPage } from "../mock/landing-page/landing-page.js";
import { createPlantStoreCore } from "../mock/plant-store-core.js";
import { createPlantStore } from "../mock/store.js";
import type { PlantStore, PlantStoreFaults } from "../mock/types.js";
import { openAdminProblem } from "./admin-exposure.js";
import { checkServerOptions } from "./check-options.js";
import { answerClientErrors } from "./client-error.js";
import { DEMO_TOKEN } from "./demo-token.js";
import { createGracefulClose } from "./graceful-close.js";
import { trackInFlightResponses } from "./in-flight.js";
import { listen } from "./listen.js";
import { nodeListenerFor } from "./node-adapter.js";
import { openDataFile } from "./persistence/open-data-file.js";
import { type RawAnswers, requestLogger } from "./request-log.js";
import type { PlantStoreServerLog, PlantStoreServerOptions } from "./server-options.js";
import { serverUrl } from "./server-url.js";

/** A running server, as {@link startPlantStoreServer} resolves it. */
export interface PlantStoreServer extends PlantStoreFaults, PlantStoreRequestJournal {
  /** Base URL for the SDK, e.g. "http://127.0.0.1:4010" (with `basePath` when set). */
  readonly url: string;
  readonly store: PlantStore;
  /** Graceful: in-flight requests are answered, then the data file is flushed. */
  close(): Promise<void>;
}

/** Starts the reference Plant Store over real HTTP; resolves once it is listening. */
export async function startPlantStoreServer(
  options: PlantStoreServerOptions = {},
): Promise<PlantStoreServer> {
  const checked = checkServerOptions(options);
  const { tokens, timeouts } = checked;
  const admin = checkAdminOption(options.admin);
  const adminProblem = openAdminProblem(checked.host, admin !== undefined, admin?.token);
  if (adminProblem !== undefined)
    throw new RangeError(`admin: ${adminProblem}; give admin: { token }.`);
  if (options.landingPage !== undefined && typeof options.landingPage !== "boolean") {
    throw new TypeError("landingPage must be true or false.");
  }
  const log = safeLog(options.log);
  const store = options.store ?? createPlantStore({ seed: options.seed });
  const persistence =
    options.dataFile === undefined
      ? undefined
      : await openDataFile({
          store,
          tokens,
          path: options.dataFile,
          fsync: checked.fsync,
          log,
        });

  const core = createPlantStoreCore({
    store,
    tokens,
    createStatus: options.createStatus,
    basePath: options.basePath,
    maxBodyBytes: options.maxBodyBytes,
    corsOrigin: options.corsOrigin,
    commit: persistence?.commit,
    admin: options.admin,
    // The demo token is public, so the page may show it; a token the user chose, never.
    landingPage:
      options.landingPage === false
        ? undefined
        : createLandingPage({ demoToken: tokens.includes(DEMO_TOKEN) ? DEMO_TOKEN : undefined }),
  });
  const server = createServer({
    requestTimeout: timeouts.requestTimeout,
    headersTimeout: timeouts.headersTimeout,
    // Node checks the two timeouts above only this often (30 s by default).
    connectionsCheckingInterval: checked.connectionsCheckingInterval,
    // Node would refuse an HTTP/1.1 request without Host by itself, with an empty 400 and
    // no log line; the adapter refuses it too, with the Error body.
    requireHostHeader: false,
  });
  server.keepAliveTimeout = timeouts.keepAliveTimeout;

  const inFlight = trackInFlightResponses(server);
  const rawAnswers: RawAnswers = new WeakMap();
  answerClientErrors(server, inFlight, rawAnswers, { ...timeouts, log, headers: core.baseHeaders });
  const graceful = createGracefulClose(server, inFlight, timeouts.shutdownTimeout);
  const logRequest =
    options.log !== undefined && options.logRequests !== false
      ? requestLogger(log, rawAnswers, core.secrets)
      : undefined;
  const answer = nodeListenerFor(core);
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
    await persistence?.close();
    throw error;
  }

  let closed: Promise<void> | undefined;
  return {
    url: serverUrl(address, options.basePath ?? ""),
    store,
    failNext: core.failNext,
    delayNext: core.delayNext,
    clearFaults: core.clearFaults,
    requests: core.requests,
    clearRequests: core.clearRequests,
    close() {
      closed ??= graceful.close().finally(() => persistence?.close());
      return closed;
    },
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
