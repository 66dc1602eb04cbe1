// Requests that wait before they are answered (a delayNext, a hang), per world. A wait ends
// when its time is up, when the client goes away, when its world's scenarios are cleared
// (clearFaults(), every reset, a sandbox's close) or when the server shuts down. Every ending
// clears the wait's timer, so a wait never outlives what it waits for: a world that is done
// with its requests leaves nothing behind that could keep a process alive, and a request that
// waited can never answer into the next test.
import type { CoreRequest } from "../../contract/core-exchange.js";

/** How a wait ended: its time was up, or the request gets no answer at all. */
export type WaitOutcome = "elapsed" | "ended" | "client-gone";

/**
 * What every world of a core shares: closing it (the server closes) ends every wait now and
 * every later one at once. Not an AbortController: Workers forbid creating one in global
 * scope, where a fetch handler is usually made.
 */
export interface Shutdown {
  readonly closed: boolean;
  /** Runs `end` on close; returns what unregisters it. */
  onClose(end: () => void): () => void;
  close(): void;
}

export function createShutdown(): Shutdown {
  let closed = false;
  const ends = new Set<() => void>();
  return {
    get closed() {
      return closed;
    },
    onClose(end) {
      ends.add(end);
      return () => ends.delete(end);
    },
    close() {
      closed = true;
      for (const end of [...ends]) end();
    },
  };
}

export interface WaitingRequests {
  /** Waits `ms` milliseconds (`Infinity`: until ended) before `request` is answered. */
  wait(ms: number, request: CoreRequest): Promise<WaitOutcome>;
  /** Ends every wait of this world at once: those requests get no answer. */
  endAll(): void;
}

export function createWaitingRequests(shutdown: Shutdown): WaitingRequests {
  const waiting = new Set<() => void>();
  return {
    wait(ms, request) {
      if (shutdown.closed) return Promise.resolve("ended");
      if (request.clientGone()) return Promise.resolve("client-gone");
      return new Promise((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let unwatchShutdown = () => {};
        let unwatchClient = () => {};
        const finish = (outcome: WaitOutcome) => {
          clearTimeout(timer);
          waiting.delete(end);
          unwatchShutdown();
          unwatchClient();
          resolve(outcome);
        };
        const end = () => finish("ended");
        waiting.add(end);
        // Watched per wait, not per world, so sandboxes that come and go leave nothing behind.
        unwatchShutdown = shutdown.onClose(end);
        unwatchClient = request.onClientGone(() => finish("client-gone"));
        if (ms !== Number.POSITIVE_INFINITY) timer = setTimeout(finish, ms, "elapsed");
      });
    },
    endAll() {
      for (const end of [...waiting]) end();
    },
  };
}
