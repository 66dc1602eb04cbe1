// Small node:http services for the verifier's tests: a deliberately broken one and a spy
// that records the method of every request it gets.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeService {
  url: string;
  /** `METHOD path` of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeService(
  answer: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<FakeService> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    // Drain the body so keep-alive connections stay usable.
    request.resume();
    request.on("end", () => answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** A port nothing listens on: bound by us, then released. */
export async function closedPort(): Promise<number> {
  const service = await startFakeService((_request, response) => response.end());
  await service.close();
  return Number(new URL(service.url).port);
}

export function limitOf(request: IncomingMessage): string | null {
  return new URL(request.url ?? "/", "http://x").searchParams.get("limit");
}

export const validLimit = (limit: string | null) =>
  limit === null || (/^\d+$/.test(limit) && Number(limit) <= 2_147_483_647);

/** Breaks openapi.yaml twice: a numeric tag in the list, a 401 without the Error body. */
export function brokenAnswer(token: string) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401, {
        "content-type": "text/plain",
        "www-authenticate": 'Bearer realm="plant-store"',
      });
      response.end("Unauthorized");
      return;
    }
    const limit = limitOf(request);
    if (!validLimit(limit)) {
      sendJson(response, 400, { error: 400, message: "limit must be an integer." });
      return;
    }
    const plants = [{ name: "Fern", tag: 3 }, { name: "Ivy" }];
    sendJson(response, 200, plants.slice(0, limit === null ? undefined : Number(limit)));
  };
}
