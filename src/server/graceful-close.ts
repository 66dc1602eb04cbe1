import type { Server, ServerResponse } from "node:http";
import type { InFlightResponses } from "./in-flight.js";

export interface GracefulClose {
  close(): Promise<void>;
  /** Called for every request: one that arrives during shutdown ends its connection. */
  onRequest(response: ServerResponse): void;
}

/**
 * Returns `close()`: stop accepting connections, let every request already received get
 * its full answer, close keep-alive connections as soon as they fall idle, and after
 * `shutdownTimeout` ms (0 = wait forever) cut whatever is still open.
 */
export function createGracefulClose(
  server: Server,
  inFlight: InFlightResponses,
  shutdownTimeout: number,
): GracefulClose {
  let closing = false;
  // A response finished during shutdown leaves its connection idle: close it now rather
  // than after the keep-alive timeout. One sent during shutdown says the connection ends.
  const endConnectionAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("connection", "close");
    response.once("finish", () => setImmediate(() => server.closeIdleConnections()));
  };

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= new Promise<void>((resolve, reject) => {
      closing = true;
      let timer: NodeJS.Timeout | undefined;
      server.close((error) => {
        clearTimeout(timer);
        const code = (error as NodeJS.ErrnoException | undefined)?.code;
        if (error === undefined || code === "ERR_SERVER_NOT_RUNNING") resolve();
        else reject(error);
      });
      for (const response of inFlight.all()) endConnectionAfter(response);
      server.closeIdleConnections();
      if (shutdownTimeout > 0) {
        timer = setTimeout(() => server.closeAllConnections(), shutdownTimeout).unref();
      }
    });
    return closed;
  };
  return {
    close,
    onRequest(response) {
      if (closing) endConnectionAfter(response);
    },
  };
}
