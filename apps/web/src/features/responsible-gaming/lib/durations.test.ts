import { describe, expect, it } from 'vitest';
import { readLimitAmount } from './amount';
import { addMonths } from '@backlay/contract';
import { inForce, nextReminderAt, playedTime, selfExclusionEnd, timeOutEnd } from './durations';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('responsible-gaming times', () => {
  it('reminds at the end of each interval since the start, never at once', () => {
    const start = Date.UTC(2026, 10, 24, 10, 0);
    expect(nextReminderAt(start, 30, start)).toBe(start + 30 * MINUTE);
    expect(nextReminderAt(start, 30, start + 29 * MINUTE)).toBe(start + 30 * MINUTE);
    expect(nextReminderAt(start, 30, start + 30 * MINUTE)).toBe(start + 60 * MINUTE);
    expect(nextReminderAt(start, 45, start + 100 * MINUTE)).toBe(start + 135 * MINUTE);
    // A server clock a little ahead of ours: the first interval still counts from the start.
    expect(nextReminderAt(start, 15, start - 2000)).toBe(start + 15 * MINUTE);
  });

  it('counts the time played in hours and minutes', () => {
    expect(playedTime(0, 59 * MINUTE + 59_000)).toEqual({ hours: 0, minutes: 59 });
    expect(playedTime(0, 2 * HOUR + 5 * MINUTE)).toEqual({ hours: 2, minutes: 5 });
    expect(playedTime(1000, 0)).toEqual({ hours: 0, minutes: 0 });
  });

  it('ends a time-out after its hours, the longest a little short of the bound', () => {
    const now = new Date(Date.UTC(2026, 0, 31, 12, 0));
    expect(timeOutEnd('24h', now).getTime() - now.getTime()).toBe(24 * HOUR);
    expect(timeOutEnd('2w', now).getTime() - now.getTime()).toBe(14 * 24 * HOUR);
    expect(timeOutEnd('6w', now).getTime() - now.getTime()).toBe(42 * 24 * HOUR - 5 * MINUTE);
  });

  it('ends a self-exclusion after calendar months, as the server counts them', () => {
    const now = new Date(Date.UTC(2026, 7, 31, 12, 0));
    expect(addMonths(now, 6).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(selfExclusionEnd('6m', now).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(selfExclusionEnd('1y', now).toISOString()).toBe('2027-08-31T12:00:00.000Z');
    expect(selfExclusionEnd('5y', now).toISOString()).toBe('2031-08-31T11:55:00.000Z');
  });

  it('treats a past end as nothing in force', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(inForce(null, now)).toBeNull();
    expect(inForce(new Date(now - 1).toISOString(), now)).toBeNull();
    expect(inForce(new Date(now + 1).toISOString(), now)?.getTime()).toBe(now + 1);
  });
});

describe('a typed limit', () => {
  it('reads rupees into paise', () => {
    expect(readLimitAmount('5,000')).toEqual({ amount: 500_000 });
    expect(readLimitAmount(' 12.5 ')).toEqual({ amount: 1250 });
    expect(readLimitAmount('0')).toEqual({ amount: 0 });
  });

  it('says what is wrong', () => {
    expect(readLimitAmount('')).toEqual({ problem: 'empty' });
    expect(readLimitAmount('-5')).toEqual({ problem: 'negative' });
    expect(readLimitAmount('1.234')).toEqual({ problem: 'decimals' });
    expect(readLimitAmount('5k')).toEqual({ problem: 'format' });
    expect(readLimitAmount('99999999999999999999')).toEqual({ problem: 'tooLarge' });
  });
});
