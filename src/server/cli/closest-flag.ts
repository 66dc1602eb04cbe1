// "did you mean --port?" for a mistyped flag: the known flag within a couple of edits
// (a swapped pair of letters counts as one, the commonest slip), if there is one. Shared by
// both CLIs, plant-store-mock and plant-store-verify; it imports nothing.

/**
 * "; did you mean --port?" for the first flag in `args` that is not one of `flags` (names
 * without the dashes), when a known flag is close to it; otherwise "". Never quotes a value.
 */
export function didYouMean(args: readonly string[], flags: readonly string[]): string {
  const unknown = args
    .filter((arg) => arg.startsWith("--") && arg.length > 2)
    .map((arg) => arg.slice(2).split("=")[0] as string)
    .find((name) => !flags.includes(name));
  const close = unknown === undefined ? undefined : closestFlag(unknown, flags);
  return close === undefined ? "" : `; did you mean --${close}?`;
}

function closestFlag(typed: string, flags: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const flag of flags) {
    const distance = editDistance(typed, flag);
    if (distance < bestDistance) {
      best = flag;
      bestDistance = distance;
    }
  }
  // Short names: one edit; longer ones: two. Beyond that the guess is more noise than help.
  const allowed = Math.min(typed.length, best?.length ?? 0) <= 4 ? 1 : 2;
  return bestDistance <= allowed ? best : undefined;
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
