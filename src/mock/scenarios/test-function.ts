// What a test's own function (a `when` predicate, a respondWith responder) gave back, read
// safely: what it threw, as text, and whether it returned a promise, which a scenario decided
// on arrival cannot wait for.

/** What a test's function threw, as text: an Error's message, else the value as a string. */
export function thrownMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "a value that cannot be shown";
  }
}

/** True when `value` is a promise (a thenable); nobody will wait for it, so its rejection is silenced. */
export function isUnawaitedPromise(value: unknown): boolean {
  if (typeof (value as PromiseLike<unknown> | null)?.then !== "function") return false;
  // Its rejection must not surface later as an unhandled one.
  Promise.resolve(value).catch(() => {});
  return true;
}
