import { isUnknownOutcome } from './errors';

/** Waits `ms`, or rejects as soon as `signal` aborts. Injected so tests run on a fake clock. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface RetryPolicy {
  /** Calls in all, the first included (bounded: a caller that must go on keeps the work for later). */
  readonly maxAttempts: number;
  /** The wait before the second call; doubled before each next one, up to maxDelayMs. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/** About 4 minutes in all: 0.2 s, 0.4 s, … capped at 30 s, twelve calls. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 12, baseDelayMs: 200, maxDelayMs: 30_000 };

export interface RetryOptions {
  readonly policy?: RetryPolicy;
  readonly sleep?: Sleep;
  /** Stops the retries: the promise rejects with the last error (or the abort's reason). */
  readonly signal?: AbortSignal;
  /** Which errors are worth another call; by default an unknown outcome only. */
  readonly retryable?: (error: unknown) => boolean;
  /** Jitter in [0, 1) scaling each wait between half and all of it; none by default (tests). */
  readonly jitter?: () => number;
}

export function backoffDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

/**
 * Calls `call` until it answers, or fails with an error that is not retryable, or the attempts run
 * out, or `signal` aborts; the call must be safe to repeat (the same transactionId every time).
 */
export async function retryUntilDefinite<T>(
  call: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const sleep = options.sleep ?? realSleep;
  const retryable = options.retryable ?? isUnknownOutcome;
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
    if (options.signal?.aborted) throw lastError ?? options.signal.reason;
    try {
      return await call(attempt);
    } catch (error) {
      lastError = error;
      if (!retryable(error) || attempt === policy.maxAttempts) throw error;
    }
    const delay = backoffDelay(policy, attempt);
    const wait = options.jitter ? delay / 2 + (delay / 2) * options.jitter() : delay;
    try {
      await sleep(wait, options.signal);
    } catch {
      throw lastError;
    }
  }
  throw lastError;
}
