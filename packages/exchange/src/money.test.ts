import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from './errors';
import {
  MAX_PAISE,
  ZERO_PAISE,
  addPaise,
  comparePaise,
  isPaise,
  isWholeRupees,
  maxPaise,
  minPaise,
  mulDivPaise,
  negPaise,
  paise,
  paiseToRupees,
  rupeesToPaise,
  subPaise,
  sumPaise,
  timesInt,
  wholeRupees,
  type Paise,
} from './money';

const anyPaise = fc.integer({ min: -MAX_PAISE, max: MAX_PAISE }).map(paise);
const smallPaise = fc.integer({ min: -1e12, max: 1e12 }).map(paise);

describe('rupeesToPaise', () => {
  it('reads two-decimal amounts exactly where x * 100 would not', () => {
    expect(0.29 * 100).not.toBe(29); // the trap this module exists to avoid
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(1.1)).toBe(110);
    expect(rupeesToPaise('19.99')).toBe(1999);
    expect(rupeesToPaise('19.9')).toBe(1990);
    expect(rupeesToPaise(1000)).toBe(100000);
    expect(rupeesToPaise(-12.5)).toBe(-1250);
    expect(rupeesToPaise(0)).toBe(0);
    expect(Object.is(rupeesToPaise('-0.00'), 0)).toBe(true);
  });

  it('refuses more than two decimals, junk and overflow', () => {
    const bad: Array<number | string> = [
      1.005,
      0.001,
      0.1 + 0.2,
      '1.005',
      '1,5',
      '1e3',
      'abc',
      '',
      ' 1',
      NaN,
      Infinity,
    ];
    for (const x of bad) expect(() => rupeesToPaise(x)).toThrowError(ExchangeError);
    expect(() => rupeesToPaise('10000000000000')).toThrowError(/not an integer within/);
    expect(() => rupeesToPaise(9007199254740991)).toThrowError(ExchangeError);
  });

  it('round-trips every amount through the wire', () => {
    fc.assert(
      fc.property(anyPaise, (p) => {
        const rupees = paiseToRupees(p);
        expect(rupeesToPaise(rupees)).toBe(p);
        expect(rupeesToPaise(JSON.parse(JSON.stringify(rupees)) as number)).toBe(p);
        expect(rupeesToPaise(String(rupees))).toBe(p);
      }),
    );
  });

  it('agrees with integer construction from whole and fractional parts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 99 }), (whole, frac) => {
        const text = `${whole}.${String(frac).padStart(2, '0')}`;
        expect(rupeesToPaise(text)).toBe(whole * 100 + frac);
        expect(rupeesToPaise(Number(text))).toBe(whole * 100 + frac);
      }),
    );
  });
});

describe('paise construction', () => {
  it('brands only in-range integers', () => {
    expect(paise(5)).toBe(5);
    expect(Object.is(paise(-0), 0)).toBe(true);
    for (const bad of [0.5, NaN, Infinity, MAX_PAISE + 1, -MAX_PAISE - 1]) {
      expect(() => paise(bad)).toThrowError(ExchangeError);
    }
    expect(isPaise(12)).toBe(true);
    expect(isPaise(1.2)).toBe(false);
    expect(isPaise('12')).toBe(false);
    expect(wholeRupees(1000)).toBe(100000);
    expect(() => wholeRupees(10.5)).toThrowError(ExchangeError);
    expect(isWholeRupees(paise(1200))).toBe(true);
    expect(isWholeRupees(paise(1250))).toBe(false);
  });

  it('rejects plain numbers at compile time', () => {
    // @ts-expect-error a plain number is not money
    const sum = addPaise(5, paise(1));
    expect(sum).toBe(6);
    // @ts-expect-error arithmetic on Paise gives a plain number, which is not money again
    const plain: Paise = paise(1) + paise(2);
    expect(plain).toBe(3);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, negates, sums and compares exactly', () => {
    const a = paise(1999);
    const b = paise(-500);
    expect(addPaise(a, b)).toBe(1499);
    expect(subPaise(a, b)).toBe(2499);
    expect(negPaise(b)).toBe(500);
    expect(Object.is(negPaise(ZERO_PAISE), 0)).toBe(true);
    expect(sumPaise([a, b, a])).toBe(3498);
    expect(sumPaise([])).toBe(0);
    expect(minPaise(a, b, ZERO_PAISE)).toBe(-500);
    expect(maxPaise(a, b, ZERO_PAISE)).toBe(1999);
    expect(comparePaise(a, b)).toBe(1);
    expect(comparePaise(b, a)).toBe(-1);
    expect(comparePaise(a, a)).toBe(0);
  });

  it('throws on overflow instead of losing paise', () => {
    const big = paise(MAX_PAISE);
    expect(() => addPaise(big, paise(1))).toThrowError(/not an integer within/);
    expect(() => subPaise(negPaise(big), paise(1))).toThrowError(ExchangeError);
    expect(() => sumPaise([big, big])).toThrowError(ExchangeError);
    expect(() => timesInt(big, 2)).toThrowError(ExchangeError);
    expect(() => timesInt(big, 1.5)).toThrowError(ExchangeError);
    expect(() => mulDivPaise(big, 3, 2, 'floor')).toThrowError(ExchangeError);
  });

  it('mulDivPaise rounds as asked, also for negatives and huge intermediates', () => {
    expect(mulDivPaise(paise(7), 1, 2, 'floor')).toBe(3);
    expect(mulDivPaise(paise(7), 1, 2, 'ceil')).toBe(4);
    expect(mulDivPaise(paise(-7), 1, 2, 'floor')).toBe(-4);
    expect(mulDivPaise(paise(-7), 1, 2, 'ceil')).toBe(-3);
    expect(mulDivPaise(paise(8), 1, 2, 'floor')).toBe(4);
    // 9e14 × 99900 overflows a double's exact range; BigInt keeps it exact.
    expect(mulDivPaise(paise(9e14), 99900, 100000, 'floor')).toBe(899100000000000);
    expect(() => mulDivPaise(paise(1), 1, 0, 'floor')).toThrowError(ExchangeError);
  });

  it('obeys the algebra of integers', () => {
    fc.assert(
      fc.property(smallPaise, smallPaise, smallPaise, (a, b, c) => {
        expect(addPaise(a, b)).toBe(addPaise(b, a));
        expect(addPaise(addPaise(a, b), c)).toBe(addPaise(a, addPaise(b, c)));
        expect(subPaise(addPaise(a, b), b)).toBe(a);
        expect(addPaise(a, negPaise(a))).toBe(0);
        expect(sumPaise([a, b, c])).toBe(a + b + c);
        expect(minPaise(a, b, c)).toBe(Math.min(a, b, c));
        expect(maxPaise(a, b, c)).toBe(Math.max(a, b, c));
      }),
    );
  });

  it('mulDivPaise brackets the exact quotient', () => {
    fc.assert(
      fc.property(
        smallPaise,
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (a, n, d) => {
          const lo = mulDivPaise(a, n, d, 'floor');
          const hi = mulDivPaise(a, n, d, 'ceil');
          const exact = BigInt(a) * BigInt(n);
          expect(BigInt(lo) * BigInt(d) <= exact).toBe(true);
          expect(BigInt(hi) * BigInt(d) >= exact).toBe(true);
          expect(hi - lo).toBe(exact % BigInt(d) === 0n ? 0 : 1);
        },
      ),
    );
  });
});
