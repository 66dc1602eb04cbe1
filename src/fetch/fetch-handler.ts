// The fetch adapter of the core: web-standard Request -> Response, for MSW, Bun.serve,
// Deno.serve and Workers. No Node built-ins, no msw.

import type { BrokenDelivery, CoreAnswer, CoreRequest } from "../contract/core-exchange.js";
import { checkOptionNames } from "../contract/option-names.js";
import {
  FETCH_HANDLER_OPTION_NAMES,
  type PlantStoreCoreConfig,
  readMockOptions,
} from "../mock/mock-options.js";
import { createPlantStoreCore } from "../mock/plant-store-core.js";
import type { PlantStoreFetchHandlerOptions } from "../mock/serving-options.js";
import type { PlantStoreInProcess } from "../mock/world/in-process.js";
import { readBodyText } from "./web-body.js";

/** The reference server as one function, `Request -> Response`, with its store and faults. */
export type PlantStoreFetchHandler = ((request: Request) => Promise<Response>) &
  PlantStoreInProcess;

/**
 * The reference server as a fetch handler, `(request: Request) => Promise<Response>`. It uses
 * neither msw nor a Node built-in, so it runs in a service worker, Deno, Bun or an edge
 * function, and can be the SDK's `fetch`.
 */
export function createPlantStoreFetchHandler(
  options: PlantStoreFetchHandlerOptions = {},
): PlantStoreFetchHandler {
  checkOptionNames(options, FETCH_HANDLER_OPTION_NAMES);
  const { handle, inProcess } = fetchHandlerFor(readMockOptions(options));
  return Object.assign(handle, inProcess);
}

/**
 * The fetch handler of checked options (the MSW handlers' entry checks its own), and what
 * its entry hands the user beside it.
 */
export function fetchHandlerFor(config: PlantStoreCoreConfig) {
  const core = createPlantStoreCore(config);
  async function handle(request: Request): Promise<Response> {
    if (!isRequest(request)) throw new TypeError(NOT_A_REQUEST);
    const answer = await core.handle(toCoreRequest(request));
    if (answer.broken !== undefined) return brokenResponse(request, answer, answer.broken);
    return toResponse(request.method, answer);
  }
  return { handle, inProcess: core.inProcess };
}

const NOT_A_REQUEST =
  "The Plant Store fetch handler takes a Request, such as handle(new Request(url, init)).";

/** Structural, so a Request from another realm (a polyfill, an iframe) still passes. */
function isRequest(value: unknown): value is Request {
  if (typeof value !== "object" || value === null) return false;
  const { url, method, headers } = value as Partial<Request>;
  return (
    typeof url === "string" && typeof method === "string" && typeof headers?.get === "function"
  );
}

function toCoreRequest(request: Request): CoreRequest {
  const { host, path, search } = splitUrl(request.url);
  const headers = request.headers;
  return {
    method: request.method,
    host,
    path,
    search,
    header: (name) => headers.get(name),
    readBody: (maxBytes) => readBodyText(request, maxBytes),
    clientGone: () => request.signal.aborted,
    onClientGone(listener) {
      request.signal.addEventListener("abort", listener, { once: true });
      return () => request.signal.removeEventListener("abort", listener);
    },
  };
}

function toResponse(method: string, answer: CoreAnswer): Response {
  // A HEAD answer and a 204 carry no body, whatever the core wrote.
  const body = answer.body === "" || method === "HEAD" ? null : answer.body;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/**
 * What a fetch rejects with when the connection drops without an answer (breakNext
 * "network-error", a "hang" when it ends, a wait ended by clearFaults or a reset): a TypeError,
 * as a browser's fetch does. Its own class, so the MSW handlers can tell it from a failure and
 * answer `HttpResponse.error()`.
 */
export class DroppedConnectionError extends TypeError {
  constructor() {
    super(
      "Failed to fetch: the Plant Store dropped the connection without an answer (a break, or a waiting request ended by clearFaults(), a reset or a close).",
    );
    this.name = "TypeError";
  }
}

/**
 * A broken answer as a fetch meets it: a body cut off, or a rejection; the caller's own abort
 * rejects with the signal's reason, as fetch does.
 */
function brokenResponse(request: Request, answer: CoreAnswer, broken: BrokenDelivery): Response {
  if (broken.kind === "truncated") {
    const body = cutOff(answer.body, broken.cutAt);
    return new Response(body, { status: answer.status, headers: answer.headers });
  }
  if (request.signal.aborted) throw request.signal.reason;
  throw new DroppedConnectionError();
}

/** The first `cutAt` bytes of `body`, then the stream errors as a connection closed mid-body does. */
function cutOff(body: string, cutAt: number): ReadableStream<Uint8Array> {
  const part = new TextEncoder().encode(body).subarray(0, cutAt);
  let sent = false;
  // From pull, not start: an error raised in start would discard the part before it is read.
  return new ReadableStream({
    pull(controller) {
      if (sent) controller.error(new TypeError("terminated: the connection closed mid-body."));
      else controller.enqueue(part);
      sent = true;
    },
  });
}

/**
 * `request.url` is already parsed and serialised by the Request (dot segments resolved), so
 * slicing it gives what `new URL()` would, without a second parse per request. It keeps the
 * fragment (`fetch("/plants#top")`), which is never sent over the wire: a server never sees
 * it, so neither does the core.
 */
function splitUrl(url: string): { host: string; path: string; search: string } {
  const hash = url.indexOf("#");
  const target = hash === -1 ? url : url.slice(0, hash);
  const hostStart = target.indexOf("//") + 2;
  const pathStart = target.indexOf("/", hostStart);
  if (pathStart === -1) return { host: target.slice(hostStart), path: "/", search: "" };
  // A Request refuses a URL with credentials, so all before the path is the host.
  const host = target.slice(hostStart, pathStart);
  const query = target.indexOf("?", pathStart);
  return query === -1
    ? { host, path: target.slice(pathStart), search: "" }
    : { host, path: target.slice(pathStart, query), search: target.slice(query) };
}
