// How the shadow proxy reaches the deployment: node:http(s) with an agent of its own, so that
// closing the server ends every request still in flight and every kept-alive socket, and no
// connection of the proxy keeps the process alive. A request is sent once: never retried (a
// create sent twice could store two plants).
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export interface DeploymentRequest {
  method: string;
  /** The path and query to append to the deployment's base URL: "/plants?limit=2". */
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface DeploymentAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bodyText: string;
}

export type DeploymentResult =
  | { ok: true; answer: DeploymentAnswer }
  | { ok: false; reason: string; ended: boolean };

export interface DeploymentClient {
  /** Sends one request; `signal` ends it (the app went away). Never rejects. */
  send(request: DeploymentRequest, signal: AbortSignal): Promise<DeploymentResult>;
  /** Ends every request in flight (they resolve `ended`) and closes every socket. */
  close(): void;
}

/** `base`: the deployment's base URL without a trailing slash, such as "https://host/v1". */
export function createDeploymentClient(base: URL): DeploymentClient {
  const secure = base.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const basePath = base.pathname.replace(/\/+$/, "");
  const closing = new AbortController();

  return {
    send(request, signal) {
      return new Promise((resolve) => {
        if (closing.signal.aborted) {
          resolve({ ok: false, reason: "the server is closing", ended: true });
          return;
        }
        const both = AbortSignal.any([signal, closing.signal]);
        const outgoing = send(
          {
            protocol: base.protocol,
            hostname: base.hostname.replace(/^\[|\]$/g, ""),
            port: base.port,
            method: request.method,
            path: `${basePath}${request.target}`,
            headers: request.headers,
            agent,
            signal: both,
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("end", () =>
              resolve({
                ok: true,
                answer: {
                  status: incoming.statusCode ?? 0,
                  headers: incoming.headers,
                  bodyText: Buffer.concat(chunks).toString("utf8"),
                },
              }),
            );
            incoming.on("error", (error) => resolve(failure(error, both)));
          },
        );
        outgoing.on("error", (error) => resolve(failure(error, both)));
        outgoing.end(request.body);
      });
    },
    close() {
      closing.abort();
      agent.destroy();
    },
  };
}

function failure(error: Error, signal: AbortSignal): DeploymentResult {
  if (signal.aborted) return { ok: false, reason: "the request was ended", ended: true };
  const code = (error as NodeJS.ErrnoException).code;
  return { ok: false, reason: code === undefined ? error.message : `${code}`, ended: false };
}
