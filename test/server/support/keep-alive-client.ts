// A small HTTP client over node:http with a bounded pool of keep-alive sockets. The global
// fetch opens one socket per request in flight, so 10,000 requests at once would mean
// 10,000 sockets; with this pool every request is in flight logically while the socket
// count stays bounded.
import { Agent, request } from "node:http";

export interface PlantResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

export interface PlantRequest {
  method?: "GET" | "POST";
  path: string;
  token?: string;
  body?: unknown;
}

export interface KeepAliveClient {
  send(request: PlantRequest): Promise<PlantResponse>;
  close(): void;
}

export function createKeepAliveClient(baseUrl: string, maxSockets: number): KeepAliveClient {
  const origin = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    send: (plantRequest) => sendOnAgent(agent, origin, plantRequest),
    close: () => agent.destroy(),
  };
}

function sendOnAgent(agent: Agent, origin: URL, plantRequest: PlantRequest) {
  const payload =
    plantRequest.body === undefined ? undefined : Buffer.from(JSON.stringify(plantRequest.body));
  const headers: Record<string, string | number> = {};
  if (plantRequest.token !== undefined) headers.authorization = `Bearer ${plantRequest.token}`;
  if (payload) {
    headers["content-type"] = "application/json";
    headers["content-length"] = payload.length;
  }
  return new Promise<PlantResponse>((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: plantRequest.method ?? "GET",
        path: `${origin.pathname.replace(/\/$/, "")}${plantRequest.path}`,
        headers,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: parseJsonOrText(text),
            text,
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
