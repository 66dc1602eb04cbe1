// The node:http adapter of the core: IncomingMessage -> CoreRequest, CoreAnswer ->
// ServerResponse. It builds no web Request, Response or stream (what a generic fetch adapter
// would build for every request); everything the contract decides stays in the core.
import type { IncomingMessage, ServerResponse } from "node:http";
import type {
  BrokenDelivery,
  CoreAnswer,
  CoreRequest,
  HeaderRecord,
} from "../contract/core-exchange.js";
import type { PlantStoreCore } from "../mock/plant-store-core.js";
import { parseRequestTarget, readNodeBody } from "./node-request.js";

const MESSAGES = {
  target: "The request target is not a valid URL path.",
  host: "The Host header is missing or not a valid host.",
};

/**
 * `awaitingContinue`: the client sent `Expect: 100-continue` and waits for our go-ahead
 * (the server's checkContinue event). It gets `100 Continue` only when the core reads the
 * body, so a request answered without its body (401, 413 by Content-Length) is never sent one.
 */
export type NodeRequestListener = (
  request: IncomingMessage,
  response: ServerResponse,
  awaitingContinue?: boolean,
) => void;

/**
 * What the adapter needs of the `node:http` server it listens on. Repeated header lines are
 * joined with ", " as a fetch Request joins them, so both paths read one value: two
 * Authorization headers are one value that is no token, two Host headers fail the Host rule.
 * A request without Host gets the adapter's Error body rather than Node's empty 400.
 */
export const NODE_SERVER_OPTIONS = {
  joinDuplicateHeaders: true,
  requireHostHeader: false,
} as const;

/**
 * What may take a request in front of the core (a proxy streaming another server's answer),
 * with the raw request and response; it returns false to leave the request to the core.
 * `answer` writes an answer made of a CoreAnswer as the core's are written.
 */
export type NodeFront = (
  request: CoreRequest,
  exchange: {
    incoming: IncomingMessage;
    response: ServerResponse;
    answer(answer: CoreAnswer): void;
  },
) => boolean;

export function nodeListenerFor(core: PlantStoreCore, front?: NodeFront): NodeRequestListener {
  const jsonHeaders = { "content-type": "application/json", ...core.baseHeaders };

  return (request, response, awaitingContinue = false) => {
    const target = parseRequestTarget(request);
    if (!target.ok) {
      writeError(response, request, 400, MESSAGES[target.reason], jsonHeaders);
      return;
    }
    const coreRequest = new NodeCoreRequest(request, response, target, awaitingContinue);
    if (front !== undefined) {
      const answer = (answer: CoreAnswer) => write(response, request, answer);
      if (front(coreRequest, { incoming: request, response, answer })) return;
    }
    core.handle(coreRequest).then((answer) => write(response, request, answer));
  };
}

function write(response: ServerResponse, request: IncomingMessage, answer: CoreAnswer): void {
  if (response.destroyed) return;
  // A body answered before it was read to its end (a 413, a 401) is discarded as it
  // arrives, never buffered: closing at once would reset a client that is still sending,
  // and it would miss the answer. The request timeout bounds how long this goes on.
  if (!request.complete) request.resume();
  // A pipelined request's answer waits for the ones before it on the connection. Its head
  // is written only when its turn comes, so a shutdown that starts meanwhile can still
  // mark the connection's last answer `Connection: close` (graceful-close.ts).
  if (response.socket === null) response.once("socket", () => send(response, answer));
  else send(response, answer);
}

function send(response: ServerResponse, answer: CoreAnswer): void {
  if (response.destroyed) return;
  const head = headLines(answer);
  if (answer.broken !== undefined) {
    breakOff(response, answer, head, answer.broken);
    return;
  }
  response.writeHead(answer.status, head);
  // Node leaves out the body of an answer to HEAD by itself.
  response.end(answer.body);
}

/**
 * The answer's headers and its Content-Length as the flat list writeHead takes, so the core's
 * headers object is never copied to add one (docs/performance.md has what that saves).
 */
function headLines(answer: CoreAnswer): (string | number)[] {
  const lines: (string | number)[] = [];
  for (const [name, value] of Object.entries(answer.headers)) lines.push(name, value);
  // RFC 9110 8.6: a 204 carries no Content-Length (Node would send "0").
  if (answer.status !== 204) lines.push("content-length", Buffer.byteLength(answer.body));
  return lines;
}

/**
 * A broken answer as a network breaks it (breakNext, chaos, a wait that was ended): the
 * connection closes with no answer, or in the middle of the body, whose Content-Length still
 * promises all of it.
 */
function breakOff(
  response: ServerResponse,
  answer: CoreAnswer,
  head: (string | number)[],
  broken: BrokenDelivery,
): void {
  const socket = response.socket;
  if (socket === null) return;
  if (broken.kind === "network-error") socket.destroy();
  else {
    response.writeHead(answer.status, head);
    const part = Buffer.from(answer.body).subarray(0, broken.cutAt);
    // Once flushed, so the client gets the first part before the connection closes.
    response.write(part, () => socket.destroy());
  }
}

function writeError(
  response: ServerResponse,
  request: IncomingMessage,
  status: number,
  message: string,
  headers: HeaderRecord,
): void {
  write(response, request, { status, headers, body: JSON.stringify({ error: status, message }) });
}

/** One allocation per request: methods on the prototype, no closures. */
class NodeCoreRequest implements CoreRequest {
  readonly method: string;
  readonly host: string | null;
  readonly path: string;
  readonly search: string;
  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    target: { path: string; search: string; host?: string },
    private awaitingContinue: boolean,
  ) {
    this.method = request.method ?? "GET";
    // The adapter has already refused a missing Host on HTTP/1.1 and a malformed one.
    this.host = target.host ?? request.headers.host ?? null;
    this.path = target.path;
    this.search = target.search;
  }

  /** Repeated lines arrive joined (NODE_SERVER_OPTIONS); only Set-Cookie is ever a list. */
  header(name: string): string | null {
    const value = this.request.headers[name];
    if (value === undefined) return null;
    return typeof value === "string" ? value : value.join(", ");
  }

  readBody(maxBytes: number) {
    if (this.awaitingContinue) {
      this.awaitingContinue = false;
      // Not when Content-Length already says the body is too large: 413 without it.
      const declared = Number(this.request.headers["content-length"]);
      if (!(declared > maxBytes)) this.response.writeContinue();
    }
    return readNodeBody(this.request, maxBytes);
  }

  clientGone(): boolean {
    return this.request.socket.destroyed;
  }

  /** The response closes early only when its connection does. */
  onClientGone(listener: () => void): () => void {
    this.response.once("close", listener);
    return () => this.response.off("close", listener);
  }
}
