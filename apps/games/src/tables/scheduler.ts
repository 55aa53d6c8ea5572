import type { Sleep } from '../wallet/retry';

/** Time for the tables: injected so tests run rounds on a fake clock. */
export interface Scheduler {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` after `ms`; the answer cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
  /** Waits `ms` (a retry's backoff), or rejects when `signal` aborts. */
  sleep: Sleep;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      });
    }),
};
