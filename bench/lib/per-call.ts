// Time per call of competing implementations of one operation: all warmed up first, then
// turns round by round in rotating order (drift in the machine's load hits all alike), a GC
// before each turn (none pays for another's garbage), the median over the rounds reported.

export interface Candidate {
  name: string;
  call: () => unknown;
  /** Untimed set-up before each of this candidate's turns (e.g. installing its handlers). */
  before?: () => void;
  /** Untimed work before every call (then each call is timed alone, clock cost included). */
  beforeEach?: () => void;
}

export type PerCallPlan = Record<"warmupCalls" | "callsPerRound" | "rounds", number>;

/** roundsNs: the mean time of one call in each round, in round order; medianNs: their median. */
export type PerCallResult = { name: string; medianNs: number; roundsNs: number[] };

const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * A stub that answers at once never yields, and a `WeakRef` target lives until the job that
 * made it ends: undici makes one per `Request` with a signal, so without a turn of the event
 * loop between rounds the heap grows and the candidates that pass a signal pay for it.
 */
const returnToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

async function timeCalls({ beforeEach, call }: Candidate, calls: number): Promise<number> {
  if (!beforeEach) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < calls; index++) await call();
    return Number(process.hrtime.bigint() - start) / calls;
  }
  let total = 0n;
  for (let index = 0; index < calls; index++) {
    beforeEach();
    const start = process.hrtime.bigint();
    await call();
    total += process.hrtime.bigint() - start;
  }
  return Number(total) / calls;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return ((sorted[Math.floor(middle)] ?? NaN) + (sorted[Math.ceil(middle) - 1] ?? NaN)) / 2;
}

export async function measurePerCall(candidates: readonly Candidate[], plan: PerCallPlan) {
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
  return candidates.map(({ name }, index) => {
    const roundsNs = samples[index] ?? [];
    return { name, medianNs: median(roundsNs), roundsNs };
  });
}

/**
 * The median over the rounds of `values[round] / baselines[round]`. Both were measured in the
 * same round, so a change in the machine's load between rounds moves both and cancels out,
 * where a ratio of medians would not.
 */
export const medianRatio = (values: readonly number[], baselines: readonly number[]) =>
  median(values.map((value, round) => value / (baselines[round] ?? NaN)));

/** How many times `baseline`'s time per call `result`'s is, round by round. */
export const pairedRatio = (result: PerCallResult, baseline: PerCallResult) =>
  medianRatio(result.roundsNs, baseline.roundsNs);
