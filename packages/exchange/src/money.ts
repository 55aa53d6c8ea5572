import { parseHundredths } from './decimal';
import { ExchangeError } from './errors';

/**
 * Money as an integer number of paise (₹1 = 100 paise). The brand means a plain number cannot be
 * passed where money is expected, and `a + b` on two Paise yields a plain number that cannot be
 * stored back as money without going through these helpers, which check the range.
 */
export type Paise = number & { readonly __unit: 'Paise' };

/**
 * ±(10^15 − 1) paise (about ₹10 lakh crore): far beyond any real amount, and small enough that every
 * value has at most 15 significant digits, so `paiseToRupees` survives a trip through a double and
 * JSON exactly. Anything past it is a bug, so it throws instead of drifting.
 */
export const MAX_PAISE = 999_999_999_999_999;
export const ZERO_PAISE = 0 as Paise;

function checked(value: number | bigint, what: string): Paise {
  // Sums and differences of in-range values stay below 2^53, so the check itself is exact.
  const inRange =
    typeof value === 'bigint'
      ? value <= BigInt(MAX_PAISE) && value >= -BigInt(MAX_PAISE)
      : Number.isInteger(value) && Math.abs(value) <= MAX_PAISE;
  if (!inRange) {
    throw new ExchangeError(
      'MONEY_OUT_OF_RANGE',
      `${what}: ${String(value)} paise is not an integer within ±${MAX_PAISE}`,
    );
  }
  const n = Number(value);
  // Normalise -0 so that equality and JSON never show "-0".
  return (n === 0 ? 0 : n) as Paise;
}

/** Brands an integer as paise; throws for fractions, NaN and anything beyond MAX_PAISE. */
export function paise(value: number): Paise {
  return checked(value, 'paise');
}

export function isPaise(value: unknown): value is Paise {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_PAISE;
}

/** A wire amount in rupees (JSON number or string, at most two decimals) as exact paise: 19.99 → 1999, 1.005 refused. */
export function rupeesToPaise(rupees: number | string): Paise {
  return checked(parseHundredths(rupees, 'amount'), 'amount');
}

/** Whole rupees (e.g. a stake) as paise. */
export function wholeRupees(rupees: number): Paise {
  if (!Number.isSafeInteger(rupees)) {
    throw new ExchangeError('MONEY_OUT_OF_RANGE', `expected whole rupees, got ${String(rupees)}`);
  }
  return checked(rupees * 100, 'whole rupees');
}

/** Paise as a wire amount in rupees: a number with at most two decimals (1999 → 19.99). */
export function paiseToRupees(amount: Paise): number {
  return amount / 100;
}

export function isWholeRupees(amount: Paise): boolean {
  return amount % 100 === 0;
}

export function addPaise(a: Paise, b: Paise): Paise {
  return checked(a + b, 'addPaise');
}

export function subPaise(a: Paise, b: Paise): Paise {
  return checked(a - b, 'subPaise');
}

export function negPaise(a: Paise): Paise {
  return checked(-a, 'negPaise');
}

export function sumPaise(amounts: Iterable<Paise>): Paise {
  let total = ZERO_PAISE;
  // Checking after every step keeps each partial sum far inside the exact range of a double.
  for (const amount of amounts) total = addPaise(total, amount);
  return total;
}

export function minPaise(first: Paise, ...rest: Paise[]): Paise {
  return rest.reduce((m, x) => (x < m ? x : m), first);
}

export function maxPaise(first: Paise, ...rest: Paise[]): Paise {
  return rest.reduce((m, x) => (x > m ? x : m), first);
}

/** Multiplies money by an integer count (e.g. a rate); the product is checked before it can lose precision. */
export function timesInt(amount: Paise, factor: number): Paise {
  if (!Number.isSafeInteger(factor)) {
    throw new ExchangeError(
      'MONEY_OUT_OF_RANGE',
      `timesInt factor must be an integer, got ${String(factor)}`,
    );
  }
  return checked(BigInt(amount) * BigInt(factor), 'timesInt');
}

export type Rounding = 'floor' | 'ceil';

/**
 * amount × numerator / denominator with the given rounding, computed in BigInt so the intermediate
 * product cannot lose precision. Used wherever a division might leave a remainder, with the rounding
 * chosen by the caller to favour the house.
 */
export function mulDivPaise(
  amount: Paise,
  numerator: number,
  denominator: number,
  rounding: Rounding,
): Paise {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new ExchangeError('MONEY_OUT_OF_RANGE', `mulDivPaise needs integers and a positive denominator`);
  }
  const product = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  let quotient = product / d; // BigInt division truncates toward zero
  const remainder = product % d;
  if (remainder !== 0n) {
    if (rounding === 'floor' && product < 0n) quotient -= 1n;
    if (rounding === 'ceil' && product > 0n) quotient += 1n;
  }
  return checked(quotient, 'mulDivPaise');
}

export function comparePaise(a: Paise, b: Paise): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
