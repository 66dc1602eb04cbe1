// Deployments that send what the package's own server never would, for the shadow proxy's
// tests: any node:http handler (binary bodies, gzip, odd headers, a body that stalls), or raw
// bytes on a TCP socket (a status outside 200-599, a malformed status line or header).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";

export interface TestDeployment {
  url: string;
  /** How many requests reached it. */
  readonly requests: number;
  close(): Promise<void>;
}

/** A deployment whose every answer `handle` writes. */
export async function startHttpDeployment(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestDeployment> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    // The request's body is read whole first, as any server would before it answers.
    request.resume();
    request.on("end", () => handle(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A deployment that answers every request's head with `bytes` as written and then, with
 * `hold`, keeps the connection open and silent (else closes it).
 */
export async function startRawDeployment(
  bytes: string | Buffer,
  { hold = false }: { hold?: boolean } = {},
): Promise<TestDeployment> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let head = "";
    const onData = (chunk: Buffer) => {
      head += chunk.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      socket.off("data", onData);
      requests++;
      socket.write(bytes);
      if (!hold) socket.end();
    };
    socket.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
