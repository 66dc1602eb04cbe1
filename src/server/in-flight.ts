import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** The response each connection is currently answering; shutdown and client errors need it. */
export interface InFlightResponses {
  on(socket: Socket): ServerResponse | undefined;
  all(): IterableIterator<ServerResponse>;
}

export function trackInFlightResponses(server: Server): InFlightResponses {
  const bySocket = new Map<Socket, ServerResponse>();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    bySocket.set(socket, response);
    response.once("close", () => {
      if (bySocket.get(socket) === response) bySocket.delete(socket);
    });
  });
  return {
    on: (socket) => bySocket.get(socket),
    all: () => bySocket.values(),
  };
}
