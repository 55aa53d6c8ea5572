import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookmakerBet, bookmakerPrice, fancyBetPnl, oddsBetPnl, type FancyBet, type OddsBet } from './bets';
import { ExchangeError } from './errors';
import type { Hundredths } from './ladder';
import { paise, wholeRupees } from './money';
import { exposureOf, fancyBook, fancyExposure, fancyPnlAt, oddsExposure, runnerPnl } from './pnl';
import { RUNNERS, anyStake, fancyBet, oddsBet } from './test-support/arbitraries';

const price = (p: number): Hundredths => p as Hundredths;
const runners = [...RUNNERS];

describe('match odds P&L (exchange-math.md)', () => {
  it('back A ₹1000 @ 2.00 and lay A ₹500 @ 1.80 → P_A +600, P_B = P_Draw −500, E ₹500', () => {
    const bets: OddsBet[] = [
      { side: 'back', runnerId: 'A', price: price(200), stakePaise: wholeRupees(1000) },
      { side: 'lay', runnerId: 'A', price: price(180), stakePaise: wholeRupees(500) },
    ];
    expect(runnerPnl(runners, bets)).toEqual([
      { runnerId: 'A', pnl: wholeRupees(600) },
      { runnerId: 'B', pnl: wholeRupees(-500) },
      { runnerId: 'Draw', pnl: wholeRupees(-500) },
    ]);
    expect(oddsExposure(runners, bets)).toBe(wholeRupees(500));
  });

  it('follows the per-bet formulas', () => {
    const back: OddsBet = { side: 'back', runnerId: 'A', price: price(350), stakePaise: wholeRupees(100) };
    const lay: OddsBet = { ...back, side: 'lay' };
    expect(oddsBetPnl(back, 'A')).toBe(25000);
    expect(oddsBetPnl(back, 'B')).toBe(-10000);
    expect(oddsBetPnl(lay, 'A')).toBe(-25000);
    expect(oddsBetPnl(lay, 'B')).toBe(10000);
  });

  it('prices bookmaker bets at 1 + rate/100', () => {
    expect(bookmakerPrice(95)).toBe(195);
    const bet = bookmakerBet('back', 'A', 95, wholeRupees(1000));
    expect(runnerPnl(['A', 'B'], [bet]).map((r) => r.pnl)).toEqual([95000, -100000]);
    expect(() => bookmakerPrice(0)).toThrowError(ExchangeError);
    expect(() => bookmakerPrice(9.5)).toThrowError(ExchangeError);
  });

  it('rounds a stake with paise toward the house', () => {
    // ₹0.01 at 1.50: the exact half paisa is not paid to a backer and is charged to a layer.
    const back: OddsBet = { side: 'back', runnerId: 'A', price: price(150), stakePaise: paise(1) };
    expect(oddsBetPnl(back, 'A')).toBe(0);
    expect(oddsBetPnl({ ...back, side: 'lay' }, 'A')).toBe(-1);
  });

  it('refuses unknown runners, duplicate runners and malformed bets', () => {
    const bet: OddsBet = { side: 'back', runnerId: 'X', price: price(200), stakePaise: wholeRupees(1) };
    expect(() => runnerPnl(runners, [bet])).toThrowError(/not in the market/);
    expect(() => runnerPnl(['A', 'A'], [])).toThrowError(ExchangeError);
    expect(() => runnerPnl([], [])).toThrowError(ExchangeError);
    expect(() => runnerPnl(runners, [{ ...bet, runnerId: 'A', stakePaise: paise(0) }])).toThrowError(/stake/);
    expect(() => runnerPnl(runners, [{ ...bet, runnerId: 'A', price: price(100) }])).toThrowError(/price/);
  });

  it('is flat at zero with no bets', () => {
    expect(runnerPnl(runners, []).map((r) => r.pnl)).toEqual([0, 0, 0]);
    expect(oddsExposure(runners, [])).toBe(0);
    expect(exposureOf([])).toBe(0);
  });
});

describe('fancy book (exchange-math.md)', () => {
  const bet = (side: 'yes' | 'no', line: number): FancyBet => ({
    side,
    line,
    rate: 100,
    stakePaise: wholeRupees(1000),
  });

  it('NO 60 ₹1000 and YES 62 ₹1000 at rate 100 → buckets 0 / −2000 / 0, E ₹2000', () => {
    const bets = [bet('no', 60), bet('yes', 62)];
    expect(fancyBook(bets)).toEqual([
      { from: 0, to: 60, pnl: 0 },
      { from: 60, to: 62, pnl: wholeRupees(-2000) },
      { from: 62, to: null, pnl: 0 },
    ]);
    expect(fancyExposure(bets)).toBe(wholeRupees(2000));
  });

  it('YES 60 and NO 62 → 0 / +2000 / 0, E ₹0', () => {
    const bets = [bet('yes', 60), bet('no', 62)];
    expect(fancyBook(bets).map((b) => b.pnl)).toEqual([0, wholeRupees(2000), 0]);
    expect(fancyExposure(bets)).toBe(0);
  });

  it('uses the rate on the winning YES and the losing NO', () => {
    const yes: FancyBet = { side: 'yes', line: 45, rate: 90, stakePaise: wholeRupees(100) };
    const no: FancyBet = { side: 'no', line: 45, rate: 110, stakePaise: wholeRupees(100) };
    expect([fancyBetPnl(yes, 44), fancyBetPnl(yes, 45)]).toEqual([-10000, 9000]);
    expect([fancyBetPnl(no, 44), fancyBetPnl(no, 45)]).toEqual([10000, -11000]);
    expect(fancyExposure([no])).toBe(11000);
  });

  it('has one bucket without bets and drops the empty bucket below a line of 0', () => {
    expect(fancyBook([])).toEqual([{ from: 0, to: null, pnl: 0 }]);
    expect(fancyBook([bet('yes', 0)])).toEqual([{ from: 0, to: null, pnl: wholeRupees(1000) }]);
    expect(fancyExposure([bet('yes', 0)])).toBe(0);
  });

  it('keeps m + 1 buckets for m distinct lines above 0', () => {
    const bets = [bet('yes', 10), bet('no', 10), bet('yes', 30), bet('no', 20)];
    expect(fancyBook(bets).map((b) => [b.from, b.to])).toEqual([
      [0, 10],
      [10, 20],
      [20, 30],
      [30, null],
    ]);
  });

  it('refuses malformed fancy bets', () => {
    expect(() => fancyBook([{ ...bet('yes', 10), line: 10.5 }])).toThrowError(/line/);
    expect(() => fancyBook([{ ...bet('yes', 10), line: -1 }])).toThrowError(/line/);
    expect(() => fancyBook([{ ...bet('yes', 10), rate: 0 }])).toThrowError(/rate/);
  });
});

describe('P&L properties', () => {
  const oddsBets = fc.array(fc.oneof(oddsBet(), oddsBet(anyStake)), { maxLength: 12 });
  const fancyBets = fc.array(fc.oneof(fancyBet(), fancyBet(anyStake)), { maxLength: 12 });

  it('exposure is never negative and equals the worst runner', () => {
    fc.assert(
      fc.property(oddsBets, (bets) => {
        const pnl = runnerPnl(runners, bets).map((r) => r.pnl);
        const e = oddsExposure(runners, bets);
        expect(e).toBeGreaterThanOrEqual(0);
        expect(e).toBe(Math.max(0, -Math.min(...pnl)));
      }),
    );
    fc.assert(
      fc.property(fancyBets, (bets) => {
        expect(fancyExposure(bets)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('whole-rupee stakes give P_i equal to the exact rational formula', () => {
    fc.assert(
      fc.property(fc.array(oddsBet(), { maxLength: 12 }), (bets) => {
        for (const { runnerId, pnl } of runnerPnl(runners, bets)) {
          // Exact in hundredths of paise: back +x(p−1) / −x, lay −x(p−1) / +x.
          let scaled = 0;
          for (const b of bets) {
            const win = b.stakePaise * (b.price - 100);
            const sign = b.side === 'back' ? 1 : -1;
            scaled += sign * (b.runnerId === runnerId ? win : -100 * b.stakePaise);
          }
          expect(pnl * 100).toBe(scaled);
        }
      }),
    );
  });

  it('fancy buckets equal brute force over k = 0..500', () => {
    fc.assert(
      fc.property(fancyBets, (bets) => {
        const book = fancyBook(bets);
        const values: number[] = [];
        for (let k = 0; k <= 500; k++) {
          const brute = bets.reduce((sum, b) => sum + fancyBetPnl(b, k), 0);
          expect(fancyPnlAt(book, k)).toBe(brute);
          values.push(brute);
        }
        // Lines stop at 400, so 0..500 visits every bucket: exposure from buckets = worst k.
        expect(fancyExposure(bets)).toBe(Math.max(0, -Math.min(...values)));
        // Buckets tile [0, ∞) in order.
        expect(book[0]?.from).toBe(0);
        book.forEach((b, i) => expect(b.to).toBe(book[i + 1]?.from ?? null));
      }),
      { numRuns: 200 },
    );
  });
});
