import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOdds, mulDivFloor, returnAtOdds, type Hundredths, type Paise } from './money';
import { resultOf, type Bet } from './bets';
import { errorCode } from './test-support';

const stakeArb = fc.integer({ min: 1, max: 100_000_000_000 }).map((n) => n as Paise);

describe('money', () => {
  it('returns at odds are floored to the paisa, toward the house', () => {
    expect(returnAtOdds(10_000 as Paise, 198 as Hundredths)).toBe(19_800);
    expect(returnAtOdds(1_001 as Paise, 195 as Hundredths)).toBe(1_951); // 1951.95
    expect(returnAtOdds(99 as Paise, 1100 as Hundredths)).toBe(1_089);
  });

  it('mulDivFloor is exact where doubles are not', () => {
    // 10^11 × 990,099 passes 2^53; the floored quotient must still be exact.
    expect(mulDivFloor(100_000_000_000 as Paise, 990_099, 10_000)).toBe(9_900_990_000_000);
    expect(errorCode(() => mulDivFloor(1 as Paise, 1, 0))).toBe('INVALID_BET');
    // A result past 2^53 could not be paid exactly: refused, never rounded.
    expect(errorCode(() => mulDivFloor(100_000_000_000 as Paise, 1_000_000, 1))).toBe('MONEY_OUT_OF_RANGE');
    fc.assert(
      fc.property(
        stakeArb,
        fc.integer({ min: 0, max: 990_099 }),
        fc.integer({ min: 100, max: 10_000 }),
        (s, n, d) => {
          const q = mulDivFloor(s, n, d);
          expect(BigInt(q) * BigInt(d) <= BigInt(s) * BigInt(n)).toBe(true);
          expect((BigInt(q) + 1n) * BigInt(d) > BigInt(s) * BigInt(n)).toBe(true);
        },
      ),
    );
  });

  it('formats odds without floats', () => {
    expect([198, 1100, 195, 200, 101].map((o) => formatOdds(o as Hundredths))).toEqual([
      '1.98',
      '11.00',
      '1.95',
      '2.00',
      '1.01',
    ]);
  });

  it('a half-lost bet keeps the odd paisa for the house; net = payout − stake for every status', () => {
    fc.assert(
      fc.property(stakeArb, fc.constantFrom('won', 'lost', 'push', 'half-lost' as const), (stake, status) => {
        const bet: Bet = { id: 'x', market: 'm', stake };
        const r = resultOf(bet, 198 as Hundredths, status);
        expect(r.net).toBe(r.payout - stake);
        expect(r.payout).toBeGreaterThanOrEqual(0);
        if (status === 'half-lost') expect(r.payout).toBe(Math.floor(stake / 2));
        if (status === 'push') expect(r.payout).toBe(stake);
        if (status === 'lost') expect(r.payout).toBe(0);
      }),
    );
  });
});
