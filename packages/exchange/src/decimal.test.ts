import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHundredths, parseHundredths } from './decimal';
import { ExchangeError } from './errors';

describe('two-decimal parsing', () => {
  it('reads numbers and strings exactly', () => {
    expect(parseHundredths(0.29)).toBe(29);
    expect(parseHundredths('0.07')).toBe(7);
    expect(parseHundredths(-1.5)).toBe(-150);
    expect(parseHundredths('0012.30')).toBe(1230);
  });

  it('refuses with a stable code', () => {
    try {
      parseHundredths(1.005, 'stake');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExchangeError);
      expect((error as ExchangeError).code).toBe('INVALID_DECIMAL');
      expect((error as ExchangeError).message).toMatch(/^stake must have at most two decimals/);
    }
    expect(() => parseHundredths('99999999999999999')).toThrowError(/too large/);
  });

  it('formats and parses back every integer', () => {
    expect(formatHundredths(1999)).toBe('19.99');
    expect(formatHundredths(-5)).toBe('-0.05');
    expect(formatHundredths(0)).toBe('0.00');
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        expect(parseHundredths(formatHundredths(n))).toBe(n);
      }),
    );
  });
});
