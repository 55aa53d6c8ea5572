import { ExchangeError } from './errors';

// At most two decimals, optional minus, no exponent, no whitespace, no leading '+'.
const FIXED2 = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Reads a decimal with at most two fraction digits as an exact integer number of hundredths.
 *
 * A number is read through `String(n)`, which is the shortest text that round-trips to the same
 * double: 19.99 reads "19.99" (→ 1999) while 1.005 reads "1.005" and 0.1 + 0.2 reads
 * "0.30000000000000004", so both are refused instead of being silently rounded. No float is ever
 * multiplied by 100, which is what turns 0.29 into 28.999999999999996.
 */
export function parseHundredths(input: number | string, what = 'value'): number {
  const text = typeof input === 'number' ? String(input) : input;
  if (typeof input === 'number' && !Number.isFinite(input)) {
    throw new ExchangeError('INVALID_DECIMAL', `${what} must be a finite number, got ${text}`);
  }
  const match = FIXED2.exec(text);
  if (match === null) {
    throw new ExchangeError(
      'INVALID_DECIMAL',
      `${what} must have at most two decimals, got ${JSON.stringify(text)}`,
    );
  }
  const [, minus, whole = '', fraction = ''] = match;
  // BigInt keeps the digits exact however long the text is; the range check follows.
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  const value = minus === '-' ? -magnitude : magnitude;
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new ExchangeError('INVALID_DECIMAL', `${what} is too large: ${text}`);
  }
  return Number(value);
}

/** Exact text of an integer number of hundredths, e.g. 1999 → "19.99", -5 → "-0.05". */
export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
