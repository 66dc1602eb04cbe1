// What breakNext (and chaos) answer: the failures the contract cannot describe, for testing an
// app's resilience. The core decides them here, runtime-neutral; what the network part needs
// (no answer, a hang, a cut body) is a `BrokenDelivery` each adapter carries out as its runtime
// can (fetch-handler.ts, msw/handlers.ts, server/node-adapter.ts). The bodies are fixed, so the
// same break is the same answer on every serving path and every run. A hang waits on its fault
// injector (faults.ts: cleared, reset) and on the core's HangShutdown (the server's close).
import type { CoreAnswer, HeaderRecord } from "./core-types.js";
import type { BreakKind, PlantStoreOperation } from "./types.js";

export interface BrokenAnswerContext {
  /** The API's JSON headers (CORS included), which a broken 2xx carries like a good one. */
  headers: HeaderRecord;
  /** The status of a successful create: the 2xx a broken create body comes with. */
  createStatus: 200 | 201;
  /** Resolves when a hanging request must end (the world's `FaultInjector.hang`). */
  hang: () => Promise<void>;
}

/** What each operation would answer, whole: truncated cuts it. */
const WHOLE = {
  listPlants: '[{"name":"Monstera deliciosa","tag":"tropical"},{"name":"Ficus lyrata"}]',
  createPlant: '{"name":"Monstera deliciosa","tag":"tropical"}',
} satisfies Record<PlantStoreOperation, string>;

/** JSON-like text no JSON parser accepts (unquoted names and values), with a JSON Content-Type. */
const MALFORMED = {
  listPlants: "[{name: Monstera deliciosa, tag: tropical}]",
  createPlant: "{name: Monstera deliciosa, tag: tropical}",
} satisfies Record<PlantStoreOperation, string>;

/** Valid JSON the contract forbids: an object where a list is declared, a plant without a name. */
const WRONG_SHAPE = {
  listPlants: '{"plants":[{"name":"Monstera deliciosa","tag":"tropical"}]}',
  createPlant: '{"tag":"tropical"}',
} satisfies Record<PlantStoreOperation, string>;

/** No answer: the status a fetch `Response.error()` reports. */
const NO_ANSWER = 0;

/** The core's answer when `kind` breaks a call of `operation`; it never touches the store. */
export function brokenAnswer(
  kind: BreakKind,
  operation: PlantStoreOperation,
  { headers, createStatus, hang }: BrokenAnswerContext,
): CoreAnswer {
  const status = operation === "createPlant" ? createStatus : 200;
  switch (kind) {
    case "network-error":
      return { status: NO_ANSWER, headers, body: "", broken: { kind } };
    case "hang":
      return { status: NO_ANSWER, headers, body: "", broken: { kind, dropped: hang() } };
    case "truncated": {
      const body = WHOLE[operation];
      // The bodies are ASCII, so half the characters is half the bytes.
      return { status, headers, body, broken: { kind, cutAt: Math.floor(body.length / 2) } };
    }
    case "malformed-json":
      return { status, headers, body: MALFORMED[operation] };
    case "wrong-shape":
      return { status, headers, body: WRONG_SHAPE[operation] };
  }
}

/**
 * What a core's fault injectors (global and sandboxes) share: closing it, when the server
 * closes, ends every hang, now and later. Not an AbortController: Workers forbid creating one
 * in global scope, where a fetch handler is usually made.
 */
export interface HangShutdown {
  readonly closed: boolean;
  /** Runs `drop` on close; returns what unregisters it. */
  onClose(drop: () => void): () => void;
  close(): void;
}

export function createHangShutdown(): HangShutdown {
  let closed = false;
  const drops = new Set<() => void>();
  return {
    get closed() {
      return closed;
    },
    onClose(drop) {
      drops.add(drop);
      return () => drops.delete(drop);
    },
    close() {
      closed = true;
      for (const drop of [...drops]) drop();
    },
  };
}
