import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './date';

// Local times, so the figures hold in any time zone the tests run in.
const NOW = new Date(2026, 10, 24, 9, 0).getTime();

describe('dates written one way', () => {
  it('writes day, month and time, and the year only when it is not this one', () => {
    expect(formatDateTime(new Date(2026, 10, 24, 5, 46), NOW)).toBe('24 Nov, 05:46 am');
    expect(formatDateTime(new Date(2026, 0, 3, 17, 5).toISOString(), NOW)).toBe('03 Jan, 05:05 pm');
    expect(formatDateTime(new Date(2027, 0, 3, 17, 5).getTime(), NOW)).toBe('03 Jan 2027, 05:05 pm');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59), NOW)).toBe('31 Dec 2025, 11:59 pm');
  });

  it('the date and the time alone are the parts of the full form', () => {
    for (const when of [new Date(2026, 10, 24, 5, 46), new Date(2027, 0, 3, 17, 5)]) {
      expect(`${formatDate(when, NOW)}, ${formatTime(when)}`).toBe(formatDateTime(when, NOW));
    }
  });

  it('text that is no date is shown as it came', () => {
    expect(formatDateTime('In-Play', NOW)).toBe('In-Play');
    expect(formatDate('soon', NOW)).toBe('soon');
  });
});
