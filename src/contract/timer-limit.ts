/**
 * The longest wait a timer can hold (2^31 - 1 ms, about 24.8 days). setTimeout turns a
 * longer one into 1 ms, so a longer delay or timeout would fire at once: refuse it instead.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
