import { describe, expect, it } from 'vitest';
import { num, paiseOf } from './sql-rows';

describe('reading numbers from either driver', () => {
  it('reads numbers, bigint text and bigints', () => {
    expect(num(42)).toBe(42);
    expect(num('42')).toBe(42);
    expect(num(42n)).toBe(42);
    expect(num('1700000000000.5')).toBe(1700000000000.5);
    expect(num(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses an integer past 2^53 instead of rounding it to another number', () => {
    expect(() => num('9007199254740993')).toThrow(/expected a number/);
    expect(() => num(9007199254740993n)).toThrow(/expected a number/);
    expect(() => num(2 ** 60)).toThrow(/expected a number/);
  });

  it('refuses what is no number', () => {
    for (const bad of ['', ' ', 'abc', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(() => num(bad)).toThrow(/expected a number/);
    }
  });

  it('reads money as paise within range, and refuses fractions and amounts beyond it', () => {
    expect(paiseOf('150000')).toBe(150_000);
    expect(paiseOf(-5)).toBe(-5);
    expect(() => paiseOf('10.5')).toThrow();
    expect(() => paiseOf('1000000000000000')).toThrow();
  });
});
