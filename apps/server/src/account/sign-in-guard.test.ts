import { describe, expect, it } from 'vitest';
import { describeWait, judgeSignIn, SIGN_IN_LIMITS, waitMs, type SignInRecord } from './sign-in-guard';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000);
const none = { count: 0, lastAt: null };

function record(over: Partial<SignInRecord> = {}): SignInRecord {
  return { accountFailures: 0, address: { ...none, known: false }, device: null, ...over };
}

describe('sign-in guard', () => {
  it('five failures from an origin are free; then 30 s, 1 min, 2 min … and never more than 15 min', () => {
    const at = (count: number) => waitMs({ count, lastAt: ago(0) }, NOW);
    expect([0, 1, 4].map(at)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10].map(at)).toEqual([30, 60, 120, 240, 480, 900].map((s) => s * 1000));
    expect(at(11)).toBe(SIGN_IN_LIMITS.maxDelayMs);
    expect(at(10_000)).toBe(SIGN_IN_LIMITS.maxDelayMs);
    // The wait runs from the last failure.
    expect(waitMs({ count: 5, lastAt: ago(20) }, NOW)).toBe(10_000);
    expect(waitMs({ count: 5, lastAt: ago(30) }, NOW)).toBe(0);
  });

  it("a stranger's failures at other addresses and devices never hold up the owner's known browser", () => {
    const attacked = record({
      accountFailures: 10_000,
      address: { count: 10_000, lastAt: ago(0), known: false },
      device: { ...none, known: true },
    });
    expect(judgeSignIn(attacked, NOW)).toEqual({ allowed: true });
    // Its own failures do.
    const mine = record({ device: { count: 5, lastAt: ago(0), known: true } });
    expect(judgeSignIn(mine, NOW)).toEqual({ allowed: false, reason: 'wait', retryAfterSeconds: 30 });
  });

  it('an unknown browser waits for the longer of its address and its device', () => {
    const r = record({
      address: { count: 6, lastAt: ago(10), known: false },
      device: { count: 5, lastAt: ago(0), known: false },
    });
    expect(judgeSignIn(r, NOW)).toEqual({ allowed: false, reason: 'wait', retryAfterSeconds: 50 });
  });

  it('past the backstop only known addresses (and known browsers) may try', () => {
    const many = { accountFailures: SIGN_IN_LIMITS.backstopFailures };
    expect(judgeSignIn(record(many), NOW)).toEqual({ allowed: false, reason: 'backstop' });
    expect(judgeSignIn(record({ ...many, device: { ...none, known: false } }), NOW)).toEqual({
      allowed: false,
      reason: 'backstop',
    });
    expect(judgeSignIn(record({ ...many, address: { ...none, known: true } }), NOW)).toEqual({
      allowed: true,
    });
    expect(judgeSignIn(record({ ...many, device: { ...none, known: true } }), NOW)).toEqual({
      allowed: true,
    });
    expect(judgeSignIn(record({ accountFailures: SIGN_IN_LIMITS.backstopFailures - 1 }), NOW)).toEqual({
      allowed: true,
    });
  });

  it('says the wait as a person reads it', () => {
    expect([1, 5, 26, 30, 55, 56, 60, 61, 120, 899, 900].map(describeWait)).toEqual([
      '5 seconds',
      '5 seconds',
      '30 seconds',
      '30 seconds',
      '55 seconds',
      '1 minute',
      '1 minute',
      '2 minutes',
      '2 minutes',
      '15 minutes',
      '15 minutes',
    ]);
  });
});
