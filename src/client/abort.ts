// Calls that share one long-lived signal (an app-wide one, say) must not each leave a
// listener on it: the listeners would pile up (Node warns past 10 with
// MaxListenersExceededWarning) and keep every finished call's closures alive. So each signal
// gets a single listener of ours, and calls subscribe to it and unsubscribe when they end.

const subscribers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Runs `onAbort` when `signal` aborts (the caller checks `signal.aborted` first); returns the
 * function that unsubscribes it, to call when the work it guards ends.
 */
export function whenAborted(signal: AbortSignal, onAbort: () => void): () => void {
  let set = subscribers.get(signal);
  if (!set) {
    const created = new Set<() => void>();
    signal.addEventListener("abort", () => {
      for (const subscriber of created) subscriber();
      created.clear();
    });
    subscribers.set(signal, created);
    set = created;
  }
  set.add(onAbort);
  return () => set.delete(onAbort);
}
