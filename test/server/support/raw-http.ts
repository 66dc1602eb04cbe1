// Raw TCP for the cases fetch cannot express: a body that stops half way, a request whose
// headers never end, Expect: 100-continue to know the server holds the request.
import { connect, type Socket } from "node:net";

export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Everything the server sends until it closes the connection. */
export function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(text));
  });
}

/** Resolves once the received text contains `marker`. */
export function waitForText(socket: Socket, marker: string): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.includes(marker)) {
        socket.off("data", onData);
        resolve(text);
      }
    };
    socket.on("data", onData);
  });
}

/** Splits a raw HTTP/1.1 answer into status, lower-cased headers and body. */
export function parseRawResponse(raw: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const end = raw.indexOf("\r\n\r\n");
  const [statusLine = "", ...headerLines] = raw.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: raw.slice(end + 4) };
}

/** True once nothing listens at `url` any more (polled a bounded number of times). */
export async function waitUntilRefused(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const socket = await openSocket(url);
      socket.destroy();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") return true;
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
