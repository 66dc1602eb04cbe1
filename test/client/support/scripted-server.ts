// A real local HTTP server that answers each request with the next step of a script: the
// SDK fault tests need real sockets to reset, responses that never come, and bodies no
// contract-abiding server would send.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptStep = (request: IncomingMessage, response: ServerResponse) => void;

export interface ScriptedServer {
  readonly url: string;
  /** When each request arrived (ms since the epoch), in order. */
  readonly arrivals: number[];
  close(): Promise<void>;
}

/** Request n gets `steps[n]`; requests past the end get the last step again. */
export async function startScriptedServer(steps: readonly ScriptStep[]): Promise<ScriptedServer> {
  const arrivals: number[] = [];
  const server = createServer((request, response) => {
    arrivals.push(Date.now());
    const step = steps[Math.min(arrivals.length, steps.length) - 1];
    // Reads the body first, so a reset or a hang is about the answer, not the upload.
    request.resume();
    request.once("end", () => step?.(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const respond =
  (status: number, body: string, headers: Record<string, string> = {}): ScriptStep =>
  (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(body);
  };

/** Drops the connection without a byte of answer: the client sees a reset. */
export const resetConnection: ScriptStep = (request) => {
  request.socket.destroy();
};

/** Accepts the request and never answers (the server closes the socket at shutdown). */
export const neverAnswer: ScriptStep = () => {};

/** Sends the status line and headers, then never the body. */
export const headersOnly: ScriptStep = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
  response.flushHeaders();
};

/** Starts a 200 with a JSON body, then drops the connection halfway through it. */
export const resetMidBody: ScriptStep = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
  response.write('[{"name":"Half');
  setTimeout(() => response.socket?.destroy(), 20);
};
