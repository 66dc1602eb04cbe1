// Raw TCP for the cases fetch cannot express: a body that stops half way, a request whose
// headers never end, Expect: 100-continue to know the server holds the request.
import { connect, type Socket } from "node:net";
import { parseRawResponses, type RawResponse } from "./raw-http-parser.js";

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

/** The first answer in everything a connection received until it closed. */
export function parseRawResponse(raw: string): RawResponse {
  const [response] = parseRawResponses(Buffer.from(raw, "utf8"), true);
  if (!response) throw new Error(`no whole HTTP answer in: ${JSON.stringify(raw.slice(0, 200))}`);
  return response;
}

/** True once nothing listens at `url` any more (polled a bounded number of times). */
export async function waitUntilRefused(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const socket = await openSocket(url);
      socket.destroy();
    } catch (error) {
      // A reset is a refusal too: a connection the kernel queued just as the server closed.
      const { code } = error as NodeJS.ErrnoException;
      if (code === "ECONNREFUSED" || code === "ECONNRESET") return true;
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
