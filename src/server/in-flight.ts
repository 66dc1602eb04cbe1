import type { ServerResponse } from "node:http";
import type { Server, Socket } from "node:net";

/** The response each connection is currently answering; shutdown and client errors need it. */
export interface InFlightResponses {
  /** Called for every request, before it is handled. */
  track(socket: Socket, response: ServerResponse): void;
  /** The response `socket` is answering now, or undefined between requests. */
  on(socket: Socket): ServerResponse | undefined;
  all(): ServerResponse[];
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
  };
}
