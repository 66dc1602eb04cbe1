// Time per call of competing implementations of one operation, measured fairly: every
// candidate is warmed up first (so the JIT has optimised all of them), then the candidates
// take turns round by round in a rotating order (so drift in machine load and the position
// in a round hit all of them alike), a GC runs before each turn (so one candidate does not
// pay for another's garbage), and the median over the rounds is reported.

export interface Candidate {
  name: string;
  call: () => unknown;
  /** Untimed set-up before each of this candidate's turns (e.g. installing its handlers). */
  before?: () => void;
  /**
   * Untimed work before every single call (e.g. putting a store back to its size). With it,
   * each call is timed on its own, which adds the clock's own cost (tens of ns) to every call.
   */
  beforeEach?: () => void;
}

export interface PerCallPlan {
  warmupCalls: number;
  callsPerRound: number;
  rounds: number;
}

export interface PerCallResult {
  name: string;
  /** Median over the rounds of the mean time of one call, in nanoseconds. */
  medianNs: number;
  minNs: number;
  maxNs: number;
  /** The mean time of one call in each round, in round order. */
  roundsNs: number[];
}

const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * A stub that answers at once never gives the event loop a turn, so without this a whole
 * benchmark would be one job, and everything a `WeakRef` points to would stay alive until it
 * ended (the language keeps WeakRef targets for the job that made them). undici makes one
 * per `Request` with a signal: in one job the heap grew past 1 GB and the candidates that
 * pass a signal paid for the collector scanning it. A real fetch returns to the event loop.
 */
const returnToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export async function timeCalls(candidate: Candidate, calls: number): Promise<number> {
  const { beforeEach, call } = candidate;
  if (beforeEach) {
    let total = 0n;
    for (let index = 0; index < calls; index++) {
      beforeEach();
      const start = process.hrtime.bigint();
      await call();
      total += process.hrtime.bigint() - start;
    }
    return Number(total) / calls;
  }
  const start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) await call();
  return Number(process.hrtime.bigint() - start) / calls;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export async function measurePerCall(
  candidates: readonly Candidate[],
  plan: PerCallPlan,
): Promise<PerCallResult[]> {
  for (const candidate of candidates) {
    candidate.before?.();
    await timeCalls(candidate, plan.warmupCalls);
  }
  const samples = candidates.map(() => [] as number[]);
  for (let round = 0; round < plan.rounds; round++) {
    for (let turn = 0; turn < candidates.length; turn++) {
      const index = (round + turn) % candidates.length;
      const candidate = candidates[index] as Candidate;
      // Set-up first, then the GC, so garbage the set-up leaves is not collected on the clock.
      candidate.before?.();
      await returnToEventLoop();
      collectGarbage();
      samples[index]?.push(await timeCalls(candidate, plan.callsPerRound));
    }
  }
  return candidates.map((candidate, index) => {
    const rounds = samples[index] ?? [];
    return {
      name: candidate.name,
      medianNs: median(rounds),
      minNs: Math.min(...rounds),
      maxNs: Math.max(...rounds),
      roundsNs: rounds,
    };
  });
}

/**
 * How many times `baseline`'s time `result`'s is: the median over the rounds of the ratio
 * within each round. The two are measured back to back within a round, so a change in the
 * machine's load between rounds (it is shared) moves both and cancels out, where a ratio of
 * the two medians would take each from a different round.
 */
export function pairedRatio(result: PerCallResult, baseline: PerCallResult): number {
  return median(
    result.roundsNs.map((time, round) => time / (baseline.roundsNs[round] ?? Number.NaN)),
  );
}
