// One raw TCP connection to the server under test, for requests no HTTP client would send.
// Every wait is bounded: a hostile-input bug shows up as a clear timeout, never a hung run.
import { connect, type Socket } from "node:net";
import { parseRawResponses, type RawResponse } from "./raw-http-parser.js";

export interface RawConnection {
  readonly socket: Socket;
  write(data: string | Buffer): Promise<void>;
  /** Resolves once `count` complete responses arrived (or the server closed after fewer). */
  responses(count: number, timeoutMs?: number): Promise<RawResponse[]>;
  /** Resolves when the server closed the connection; rejects after `timeoutMs`. */
  closedByServer(timeoutMs?: number): Promise<void>;
  readonly isClosed: boolean;
  destroy(): void;
}

export function openRawConnection(baseUrl: string): Promise<RawConnection> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve(wrapSocket(socket));
    });
  });
}

function wrapSocket(socket: Socket): RawConnection {
  const chunks: Buffer[] = [];
  let closed = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  socket.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    notify();
  });
  // A reset from the server is an answer too (the connection is gone): record it, never throw.
  socket.on("error", () => {});
  socket.on("close", () => {
    closed = true;
    notify();
  });

  const waitFor = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const result = check();
        if (result === undefined) return;
        finish();
        resolve(result);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(attempt);
      };
      waiters.add(attempt);
      attempt();
    });

  return {
    socket,
    get isClosed() {
      return closed;
    },
    write: (data) =>
      new Promise((resolve, reject) => {
        socket.write(data, (error) => (error ? reject(error) : resolve()));
      }),
    responses: (count, timeoutMs = 10_000) =>
      waitFor(
        () => {
          const parsed = parseRawResponses(Buffer.concat(chunks), closed);
          return parsed.length >= count || closed ? parsed : undefined;
        },
        timeoutMs,
        `${count} response(s)`,
      ),
    closedByServer: (timeoutMs = 10_000) =>
      waitFor(() => (closed ? true : undefined), timeoutMs, "the server to close").then(() => {}),
    destroy: () => socket.destroy(),
  };
}

/** The head of an HTTP/1.1 request, exactly as given: nothing is validated or normalised. */
export function requestHead(
  method: string,
  target: string,
  headers: Record<string, string | number>,
): string {
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}
