// Deployments for the shadow proxy's tests: the package's own fetch handler behind node:http,
// each optionally departing from the contract in one way (a request or an answer changed).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";
import type { PlantStoreFetchHandlerOptions } from "../../../src/mock/serving-options.js";

export const DEPLOYMENT_TOKEN = "deployment-token-0123456789";

export interface FakeDeployment {
  /** Its base URL, with its base path. */
  url: string;
  /** `METHOD target` of every request it got, in order. */
  received: string[];
  /** The Authorization header of every request it got, in order. */
  authorizations: (string | undefined)[];
  /** Requests that arrived and are still open (for a deployment that never answers). */
  open: Set<IncomingMessage>;
  close(): Promise<void>;
}

export interface Departure {
  /** Changes the request before the reference server answers it. */
  request?: (request: Request) => Request;
  /** Changes the answer; `undefined` never answers (a deployment that hangs). */
  answer?: (
    answer: Response,
    request: Request,
  ) => Promise<Response | undefined> | Response | undefined;
}

export async function startDeployment(
  departure: Departure = {},
  options: PlantStoreFetchHandlerOptions = {},
): Promise<FakeDeployment> {
  const handler = createPlantStoreFetchHandler({
    tokens: [DEPLOYMENT_TOKEN],
    seed: [{ name: "Ivy" }],
    ...options,
  });
  const received: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const open = new Set<IncomingMessage>();
  const server = createServer(async (incoming, outgoing) => {
    received.push(`${incoming.method} ${incoming.url}`);
    authorizations.push(incoming.headers.authorization);
    open.add(incoming);
    outgoing.on("close", () => open.delete(incoming));
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    let request = new Request(`http://deployment.test${incoming.url}`, {
      method: incoming.method,
      headers,
      body,
    });
    request = departure.request?.(request) ?? request;
    const original = await handler(request);
    const answer =
      departure.answer === undefined ? original : await departure.answer(original, request);
    if (answer === undefined) return;
    outgoing.writeHead(answer.status, Object.fromEntries(answer.headers));
    outgoing.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.basePath ?? ""}`,
    received,
    authorizations,
    open,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port nothing listens on: bound by us, then released (fetch refuses "bad ports" such as 9). */
export async function freedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The same answer with a JSON body changed by `change`. */
export async function withJson(
  answer: Response,
  change: (body: unknown) => unknown,
): Promise<Response> {
  const body = change(await answer.json());
  const headers = new Headers(answer.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}
