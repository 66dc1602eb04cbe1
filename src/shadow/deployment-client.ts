// How the shadow proxy reaches the deployment: node:http(s) with an agent of its own, so that
// closing the server ends every request still in flight and every kept-alive socket, and no
// connection of the proxy keeps the process alive. A request is sent once: never retried (a
// create sent twice could store two plants). Its answer is handed on as it arrives, never
// gathered: the head once it is there, then the body's parts, paused while the app is slow.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Deployment } from "./shadow-options.js";

export interface DeploymentRequest {
  method: string;
  /** The path and query beneath the deployment's base path: "/plants?limit=2". */
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The head of the deployment's answer, its body still to come. */
export interface DeploymentAnswer {
  /** 200-599: any other status is a failure (`broken`). */
  status: number;
  statusMessage: string;
  /** Names and values as they came, alternating, repeated lines kept. */
  rawHeaders: readonly string[];
  /** Calls `listener` with each part of the body as it arrives. */
  onData(listener: (chunk: Buffer) => void): void;
  /** Stops the body while the app takes no more (the stall limit stops with it). */
  pause(): void;
  resume(): void;
  /** Settles once: the body arrived whole, or why it did not. */
  readonly end: Promise<Ending>;
}

/**
 * Why a forward ended without an answer passed on whole: `unreachable`, no answer began (a
 * refused or reset connection, nothing within the stall limit); `broken`, the answer is not
 * one the proxy can pass on, or broke off; `ended`, the app went away or the server is closing.
 */
export type Failure = { kind: "unreachable" | "broken" | "ended"; reason: string };

export type Ending = { ok: true } | ({ ok: false } & Failure);

export type DeploymentResult = { ok: true; answer: DeploymentAnswer } | ({ ok: false } & Failure);

export interface DeploymentClient {
  /** Sends one request; `signal` ends it (the app went away). Never rejects. */
  send(request: DeploymentRequest, signal: AbortSignal): Promise<DeploymentResult>;
  /** Ends every request in flight (they settle `ended`) and closes every socket. */
  close(): void;
}

const ENDED: Failure = { kind: "ended", reason: "the request was ended" };

/**
 * `stallMs`: how long the deployment may send nothing while the proxy waits for it (for its
 * head, or for more of a body the app is ready to take); 0 waits for ever.
 */
export function createDeploymentClient(deployment: Deployment, stallMs: number): DeploymentClient {
  const agent = deployment.secure
    ? new HttpsAgent({ keepAlive: true })
    : new HttpAgent({ keepAlive: true });
  const sendOne = deployment.secure ? httpsRequest : httpRequest;
  const closing = new AbortController();

  return {
    send(request, signal) {
      return new Promise((resolve) => {
        if (closing.signal.aborted) {
          resolve({ ok: false, kind: "ended", reason: "the server is closing" });
          return;
        }
        const both = AbortSignal.any([signal, closing.signal]);
        // Before the head, a failure settles `send`; after it, the body's `end`.
        let settle = (ending: Ending) => {
          if (!ending.ok) resolve(ending);
        };
        const fail = (failure: Failure) => settle({ ok: false, ...failure });
        let received: number | undefined;
        const failWith = (error: Error | undefined) => fail(failureOf(error, both, received));
        const outgoing = sendOne(
          {
            protocol: deployment.secure ? "https:" : "http:",
            hostname: deployment.hostname,
            port: deployment.port,
            method: request.method,
            path: `${deployment.basePath}${request.target}`,
            headers: request.headers,
            agent,
            signal: both,
          },
          (incoming) => {
            const status = incoming.statusCode ?? 0;
            if (status < 200 || status > 599) {
              outgoing.destroy();
              fail(outsideRange(status));
              return;
            }
            incoming.pause();
            received = 0;
            incoming.on("data", (chunk: Buffer) => {
              received = (received ?? 0) + chunk.length;
            });
            const end = new Promise<Ending>((resolveEnd) => {
              let settled = false;
              settle = (ending) => {
                if (settled) return;
                settled = true;
                outgoing.setTimeout(0);
                resolveEnd(ending);
              };
            });
            incoming.on("end", () => settle({ ok: true }));
            incoming.on("error", failWith);
            // Closed before its end, with no error of its own: the connection dropped.
            incoming.on("close", () => {
              if (!incoming.complete) failWith(undefined);
            });
            resolve({ ok: true, answer: answerOf(incoming, outgoing, status, end, stallMs) });
          },
        );
        // A 101 with `Upgrade` never reaches the response callback: Node hands the socket over.
        outgoing.on("upgrade", (_answer, socket) => {
          socket.destroy();
          fail(outsideRange(101));
        });
        outgoing.on("error", failWith);
        outgoing.on("timeout", () => {
          fail(stalled(stallMs, received));
          outgoing.destroy();
        });
        if (stallMs > 0) outgoing.setTimeout(stallMs);
        outgoing.end(request.body);
      });
    },
    close() {
      closing.abort();
      agent.destroy();
    },
  };
}

function answerOf(
  incoming: IncomingMessage,
  outgoing: { setTimeout(ms: number): unknown },
  status: number,
  end: Promise<Ending>,
  stallMs: number,
): DeploymentAnswer {
  return {
    status,
    statusMessage: incoming.statusMessage ?? "",
    rawHeaders: incoming.rawHeaders,
    onData: (listener) => {
      incoming.on("data", listener);
    },
    // While the app is slow, the deployment waits on us: that is no stall of its own.
    pause() {
      incoming.pause();
      outgoing.setTimeout(0);
    },
    resume() {
      if (stallMs > 0) outgoing.setTimeout(stallMs);
      incoming.resume();
    },
    end,
  };
}

function outsideRange(status: number): Failure {
  return {
    kind: "broken",
    reason: `its status ${String(status).padStart(3, "0")} is outside 200-599`,
  };
}

/** `received`: the body's bytes so far, once the head has come. */
function stalled(stallMs: number, received: number | undefined): Failure {
  if (received === undefined) return { kind: "unreachable", reason: `nothing for ${stallMs} ms` };
  return {
    kind: "broken",
    reason: `its body stalled after ${bytes(received)}: nothing for ${stallMs} ms`,
  };
}

/** `received`: the body's bytes so far, once the head has come (then a drop broke it off). */
function failureOf(
  error: Error | undefined,
  signal: AbortSignal,
  received: number | undefined,
): Failure {
  if (signal.aborted) return ENDED;
  const { code, reason } = (error ?? {}) as { code?: string; reason?: string };
  // llhttp's parse errors: the status line, a header or the body's framing is not HTTP.
  if (code?.startsWith("HPE_")) {
    return { kind: "broken", reason: `its answer is malformed HTTP (${reason ?? code})` };
  }
  if (received !== undefined) {
    const cause = code ?? "the connection closed";
    return { kind: "broken", reason: `its body broke off after ${bytes(received)} (${cause})` };
  }
  return { kind: "unreachable", reason: code ?? error?.message ?? "no answer" };
}

function bytes(count: number): string {
  return `${count} byte${count === 1 ? "" : "s"}`;
}
