// The shapes the request-handling core speaks. They are runtime-neutral on purpose: every
// way of serving the Plant Store (fetch handlers for MSW, Bun, Deno and Workers; node:http)
// is a thin adapter that turns its own request into a `CoreRequest` and writes the
// `CoreAnswer` back, so the contract is decided in one place.
export type BodyResult =
  | { ok: true; text: string }
  | { ok: false; reason: "too-large" | "invalid-utf8" | "already-read" | "client-gone" };

export interface CoreRequest {
  /** The method as received, such as "GET". */
  readonly method: string;
  /** The path without the query, dot segments resolved: "/v1/plants". */
  readonly path: string;
  /** The query with its leading "?", or "". */
  readonly search: string;
  /**
   * Where the request was sent, as a Host header spells it ("localhost:4010", "[::1]"): the
   * URL's host in the fetch adapter, the Host header on Node; `null` when there is none
   * (HTTP/1.0). The admin API answers only loopback hosts when it has no token.
   */
  readonly host: string | null;
  /** A request header by its lower-case name, or `null` when absent. */
  header(name: string): string | null;
  /**
   * Reads the body as UTF-8 text. More than `maxBytes` (declared or received) is
   * "too-large" without reading the rest; bytes that are not UTF-8 are "invalid-utf8"; a
   * body something else consumed before the core got the request is "already-read"; a client
   * that goes away before its body ends is "client-gone".
   */
  readBody(maxBytes: number): Promise<BodyResult>;
  /** True once the client has gone away; a create it sent is then not stored. */
  clientGone(): boolean;
  /**
   * Runs `listener` once when the client goes away (aborts, closes the connection) before it is
   * answered, so a waiting request ends with it; returns what unregisters it.
   */
  onClientGone(listener: () => void): () => void;
}

/** Response headers by lower-case name. */
export type HeaderRecord = Readonly<Record<string, string>>;

export interface CoreAnswer {
  readonly status: number;
  readonly headers: HeaderRecord;
  /** The body text ("" for none); JSON everywhere but the landing page. */
  readonly body: string;
  /** Set when the adapter must break the answer instead of sending it (breakNext, chaos). */
  readonly broken?: BrokenDelivery;
}

/**
 * How an adapter breaks an answer, each as its runtime can: `network-error` drops the
 * connection with no answer at all (the status is 0: a break, a hang once it ends, a request
 * whose wait was ended or whose client went away); `truncated` sends the status, the headers
 * and the first `cutAt` bytes (UTF-8) of `body`, then drops the connection.
 */
export type BrokenDelivery =
  | { readonly kind: "network-error" }
  | { readonly kind: "truncated"; readonly cutAt: number };
