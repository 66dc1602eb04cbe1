// The node:http adapter of the core: IncomingMessage -> CoreRequest, CoreAnswer ->
// ServerResponse. It builds no web Request, Response or stream, which is most of what a
// request costs behind a generic fetch adapter; everything the contract decides stays in
// the core.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CoreAnswer, CoreRequest, HeaderRecord } from "../mock/core-types.js";
import type { PlantStoreCore } from "../mock/plant-store-core.js";
import { readNodeBody } from "./node-request-body.js";
import { parseRequestTarget } from "./node-request-target.js";

const MESSAGES = {
  failed: "The server failed while handling the request.",
  target: "The request target is not a valid URL path.",
  host: "The Host header is missing or not a valid host.",
};

export type NodeRequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export function nodeListenerFor(core: PlantStoreCore): NodeRequestListener {
  const jsonHeaders = { "content-type": "application/json", ...core.baseHeaders };

  return (request, response) => {
    const target = parseRequestTarget(request.url ?? "", request.headers.host);
    if (!target.ok) {
      writeError(response, request, 400, MESSAGES[target.reason], jsonHeaders);
      return;
    }
    const coreRequest = new NodeCoreRequest(request, target.path, target.search);
    core.handle(coreRequest).then(
      (answer) => write(response, request, answer),
      // A store passed in by the user that throws, say: the Error body, never a stack trace.
      () => writeError(response, request, 500, MESSAGES.failed, jsonHeaders),
    );
  };
}

function write(response: ServerResponse, request: IncomingMessage, answer: CoreAnswer): void {
  if (response.destroyed) return;
  const headers: Record<string, string | number> = { ...answer.headers };
  headers["content-length"] = Buffer.byteLength(answer.body);
  // A body we did not read to its end (a 413, an early failure) is not drained: the
  // connection closes after the answer instead.
  if (!request.complete) headers.connection = "close";
  response.writeHead(answer.status, headers);
  // Node leaves out the body of an answer to HEAD by itself.
  response.end(answer.body);
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
  constructor(
    private readonly request: IncomingMessage,
    readonly path: string,
    readonly search: string,
  ) {
    this.method = request.method ?? "GET";
  }

  /**
   * A request header as a fetch Request would give it. Node keeps only the first of a
   * repeated Authorization or Content-Type; a Request joins them, so two Authorization
   * headers are one value that is no token. Joining here keeps both paths alike.
   */
  header(name: string): string | null {
    const value = this.request.headers[name];
    if (value === undefined) return null;
    if (typeof value !== "string") return value.join(", ");
    if (name !== "authorization" && name !== "content-type") return value;
    return joinRepeated(this.request.rawHeaders, name) ?? value;
  }

  readBody(maxBytes: number) {
    return readNodeBody(this.request, maxBytes);
  }

  clientGone(): boolean {
    return this.request.socket.destroyed;
  }
}

function joinRepeated(raw: readonly string[], name: string): string | undefined {
  let joined: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    joined = joined === undefined ? (raw[i + 1] as string) : `${joined}, ${raw[i + 1]}`;
  }
  return joined;
}
