// Small node:http services for the verifier's tests: deliberately broken ones, a small store
// with chosen faults, and a spy that records the method of every request it gets.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeService {
  url: string;
  /** `METHOD path` of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Answers one request; `body` is the request body as text. */
export type FakeAnswer = (request: IncomingMessage, response: ServerResponse, body: string) => void;

export async function startFakeService(answer: FakeAnswer): Promise<FakeService> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    // Reading the whole body also keeps keep-alive connections usable.
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => answer(request, response, body));
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

/** How a fake store departs from openapi.yaml's promises about what a create stores. */
export interface StoreFaults {
  /** Every token sees every plant, another token's included. */
  showsEveryOwner?: boolean;
  /** Creates answer 201 and are never stored. */
  forgetsCreates?: boolean;
  /** Each create is stored twice. */
  storesTwice?: boolean;
  /** A create refused with 400 is stored anyway. */
  storesRefused?: boolean;
}

/**
 * A small Plant Store that keeps openapi.yaml and our decisions (per-token plants, 201, 400
 * naming the field, 401 with the challenge) except for the faults it is given.
 */
export function fakeStore(tokens: readonly string[], faults: StoreFaults = {}): FakeAnswer {
  const plants: { owner: string | null; name: string; tag?: string }[] = [
    { owner: null, name: "Fern" },
  ];
  return (request, response, body) => {
    const token = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!request.headers.authorization?.startsWith("Bearer ") || !tokens.includes(token)) {
      const challenge = `Bearer realm="plant-store"${token ? ', error="invalid_token"' : ""}`;
      sendJson(
        response,
        401,
        { error: 401, message: "The bearer token is not accepted." },
        {
          "www-authenticate": challenge,
        },
      );
      return;
    }
    if (request.method === "POST") {
      const sent = JSON.parse(body) as { name?: unknown; tag?: string };
      const valid = typeof sent.name === "string" && sent.name !== "";
      const plant = { owner: token, name: String(sent.name), tag: sent.tag };
      if (valid ? !faults.forgetsCreates : faults.storesRefused) plants.push(plant);
      if (valid && faults.storesTwice) plants.push(plant);
      if (!valid)
        sendJson(response, 400, { error: 400, message: "name must be a non-empty string." });
      else sendJson(response, 201, { name: plant.name, tag: plant.tag });
      return;
    }
    const limit = limitOf(request);
    if (!validLimit(limit)) {
      sendJson(response, 400, { error: 400, message: "limit must be an integer." });
      return;
    }
    const visible = plants
      .filter((plant) => faults.showsEveryOwner || plant.owner === null || plant.owner === token)
      .map(({ name, tag }) => ({ name, tag }));
    sendJson(response, 200, visible.slice(0, limit === null ? undefined : Number(limit)));
  };
}
