// A shadow proxy per test, in front of a deployment, both closed after the test; and what an
// app sends through it.
import { type IncomingHttpHeaders, request } from "node:http";
import { afterEach } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import type { PlantStoreServerOptions } from "../../../src/server/server-options.js";
import { DEPLOYMENT_TOKEN } from "./fake-deployment.js";

export interface SentAnswer {
  status: number;
  headers: Headers;
  /** The body's bytes as the app received them. */
  bytes: Buffer;
  body: string;
}

/** Closes what a test started, newest first, after each test. */
export function useClosables(): (closable: { close(): Promise<void> }) => void {
  const started: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const closable of started.splice(0).reverse()) await closable.close();
  });
  return (closable) => {
    started.push(closable);
  };
}

/** Starts shadow proxies of deployments, closed after each test. */
export function useShadowProxy() {
  const track = useClosables();
  return {
    track,
    async start(
      deployment: { url: string; close(): Promise<void> },
      options: Partial<PlantStoreServerOptions> = {},
    ): Promise<PlantStoreServer> {
      track(deployment);
      const proxy = await startPlantStoreServer({
        shadow: { baseUrl: deployment.url },
        admin: true,
        ...options,
      });
      track(proxy);
      return proxy;
    },
  };
}

/** What an app sends through the proxy: the deployment's token, JSON bodies. */
export async function send(
  proxy: PlantStoreServer,
  method: string,
  target: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<SentAnswer> {
  const response = await fetch(`${proxy.url}${target}`, {
    method,
    headers: {
      authorization: `Bearer ${DEPLOYMENT_TOKEN}`,
      "content-type": "application/json",
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, body: bytes.toString() };
}

/**
 * A request through node:http, which (unlike fetch) decodes nothing: the answer's bytes and
 * headers exactly as the proxy sent them.
 */
export function sendRaw(
  proxy: PlantStoreServer,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${proxy.url}${target}`,
      { headers: { authorization: `Bearer ${DEPLOYMENT_TOKEN}`, ...headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}
