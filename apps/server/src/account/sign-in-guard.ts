/*
 * Who may try a password now. Brute force is kept out per origin, never by locking the account:
 *
 * - Failed tries count per account and address, and per account and device (the device cookie).
 *   The first few are free; after that each try waits longer (30 s, 1 min, 2 min, … 15 min at most),
 *   counted since the last sign-in from that address or device, over a day at most.
 * - A device that has signed in to the account before is judged by its own failures only, so no
 *   one elsewhere (not even on the same network) can keep the owner out of their own browser.
 * - A high, slow backstop per account stops guessing spread over many addresses: past it, only a
 *   device or address that has signed in to the account before may try. The owner's known browser
 *   and network still get in.
 *
 * Unknown names are counted the same way, so the answers reveal no account.
 */

export const SIGN_IN_LIMITS = {
  /** Failed tries per address or device before delays start. */
  freeFailures: 5,
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  /** Failures older than this no longer count. */
  windowMs: 24 * 3_600_000,
  /** Failures on one account in the window past which only known devices and addresses may try. */
  backstopFailures: 100,
  /** A device or address counts as known for this long after it signed in. */
  knownForMs: 90 * 24 * 3_600_000,
} as const;

/** Failed tries from one origin (an address or a device) since it last signed in, in the window. */
export interface OriginFailures {
  count: number;
  lastAt: Date | null;
}

export interface SignInRecord {
  /** Failed tries on the account in the window, from anywhere. */
  accountFailures: number;
  address: OriginFailures & { known: boolean };
  /** Null when the request carries no device id. */
  device: (OriginFailures & { known: boolean }) | null;
}

export type SignInVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'wait'; retryAfterSeconds: number }
  | { allowed: false; reason: 'backstop' };

/** How long one origin must wait before its next try (0: it may try now). */
export function waitMs(failures: OriginFailures, now: number, limits = SIGN_IN_LIMITS): number {
  if (failures.count < limits.freeFailures || !failures.lastAt) return 0;
  const doublings = Math.min(failures.count - limits.freeFailures, 30);
  const delay = Math.min(limits.firstDelayMs * 2 ** doublings, limits.maxDelayMs);
  return Math.max(0, failures.lastAt.getTime() + delay - now);
}

export function judgeSignIn(record: SignInRecord, now: number, limits = SIGN_IN_LIMITS): SignInVerdict {
  const wait = (ms: number): SignInVerdict =>
    ms > 0 ? { allowed: false, reason: 'wait', retryAfterSeconds: Math.ceil(ms / 1000) } : { allowed: true };
  // The owner's browser: only its own failures slow it down.
  if (record.device?.known) return wait(waitMs(record.device, now, limits));
  const ms = Math.max(
    waitMs(record.address, now, limits),
    record.device ? waitMs(record.device, now, limits) : 0,
  );
  if (ms > 0) return wait(ms);
  if (!record.address.known && record.accountFailures >= limits.backstopFailures) {
    return { allowed: false, reason: 'backstop' };
  }
  return { allowed: true };
}

/** '30 seconds', '2 minutes': the wait as a player reads it, rounded up (to 5 seconds, then minutes). */
export function describeWait(seconds: number): string {
  if (seconds <= 55) return `${Math.max(5, Math.ceil(seconds / 5) * 5)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
