// Shutdown: which response each connection is answering now, and a close() that lets every
// request already received get its full answer first.
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** The response each connection is currently answering; shutdown and client errors need it. */
export interface InFlightResponses {
  /** Called for every request, before it is handled. */
  track(socket: Socket, response: ServerResponse): void;
  /** The response `socket` is answering now, or undefined between requests. */
  on(socket: Socket): ServerResponse | undefined;
  all(): ServerResponse[];
  /** Connections with no request being answered: idle, or with a request not yet complete. */
  unanswered(): Socket[];
}

/**
 * Sockets are tracked per connection, not per request, so a keep-alive connection costs
 * one listener for all its requests; a finished response counts as none.
 */
export function trackInFlightResponses(server: Server): InFlightResponses {
  const sockets = new Set<Socket>();
  const current = new WeakMap<Socket, ServerResponse>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const on = (socket: Socket) => {
    const response = current.get(socket);
    return response === undefined || response.writableFinished ? undefined : response;
  };
  return {
    track: (socket, response) => {
      current.set(socket, response);
    },
    on,
    all: () => [...sockets].flatMap((socket) => on(socket) ?? []),
    unanswered: () => [...sockets].filter((socket) => on(socket) === undefined),
  };
}

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
      // A connection that has sent no complete request yet (a browser's preconnect, half a
      // head) has nothing to wait for; Node counts it as busy and would hold close() back.
      for (const socket of inFlight.unanswered()) socket.destroy();
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
