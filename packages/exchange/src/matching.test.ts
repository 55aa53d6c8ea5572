import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from './errors';
import { LADDER, type Hundredths } from './ladder';
import { executionPrice, matchAgainstLevels, restingFill } from './matching';
import { paise, wholeRupees, type Paise } from './money';
import { runnerPnl } from './pnl';
import { ladderPrice } from './test-support/arbitraries';

describe('executionPrice: best execution', () => {
  it('a back is matched at the best back offered when it is at least the price asked', () => {
    expect(executionPrice('back', 109, 112)).toBe(112);
    expect(executionPrice('back', 198, 200)).toBe(200);
    expect(executionPrice('back', 200, 200)).toBe(200);
  });

  it('a lay is matched at the best lay offered when it is at most the price asked', () => {
    expect(executionPrice('lay', 184, 180)).toBe(180);
    expect(executionPrice('lay', 180, 180)).toBe(180);
  });

  it('a worse price offered than asked is no match (odds changed)', () => {
    expect(executionPrice('back', 202, 200)).toBeNull();
    expect(executionPrice('lay', 178, 180)).toBeNull();
    expect(executionPrice('back', 200, undefined)).toBeNull();
  });

  it('bookmaker rates follow the same rule (a higher back rate, a lower lay rate)', () => {
    expect(executionPrice('back', 85, 90)).toBe(90);
    expect(executionPrice('lay', 100, 95)).toBe(95);
    expect(executionPrice('back', 95, 90)).toBeNull();
  });

  it('acceptAnyOdds takes the best offered, better or worse', () => {
    expect(executionPrice('back', 250, 200, true)).toBe(200);
    expect(executionPrice('lay', 150, 180, true)).toBe(180);
    expect(executionPrice('lay', 150, undefined, true)).toBeNull();
  });
});

const h = (p: number): Hundredths => p as Hundredths;
const r = (rupees: number): Paise => wholeRupees(rupees);
const lv = (price: number, rupees: number) => ({ price: h(price), size: r(rupees) });

describe('matchAgainstLevels: level by level, best price first, the rest rests', () => {
  // The feed's back levels of a runner, best first: 2.10 ₹300, 2.08 ₹500, 2.06 ₹1000.
  const backs = [lv(210, 300), lv(208, 500), lv(206, 1000)];
  // Its lay levels, best first: 2.12 ₹200, 2.14 ₹400, 2.16 ₹800.
  const lays = [lv(212, 200), lv(214, 400), lv(216, 800)];

  it('a back ₹1000 @ 2.08 takes 2.10 then 2.08 and rests ₹200 at 2.08', () => {
    expect(matchAgainstLevels('back', h(208), r(1000), backs)).toEqual({
      fills: [
        { price: 210, stakePaise: r(300) },
        { price: 208, stakePaise: r(500) },
      ],
      unmatchedPaise: r(200),
    });
  });

  it('the fills of that back win exactly ₹300 × 1.10 + ₹500 × 1.08 = 87 000 paise if A wins', () => {
    const { fills } = matchAgainstLevels('back', h(208), r(1000), backs);
    const bets = fills.map((f) => ({
      side: 'back' as const,
      runnerId: 'A',
      price: f.price,
      stakePaise: f.stakePaise,
    }));
    expect(runnerPnl(['A', 'B'], bets).map((x) => x.pnl)).toEqual([87_000, -80_000]);
  });

  it('a lay ₹500 @ 2.14 takes 2.12 then 2.14 and is fully matched', () => {
    expect(matchAgainstLevels('lay', h(214), r(500), lays)).toEqual({
      fills: [
        { price: 212, stakePaise: r(200) },
        { price: 214, stakePaise: r(300) },
      ],
      unmatchedPaise: 0,
    });
  });

  it('a price not offered rests whole; nothing offered rests whole', () => {
    expect(matchAgainstLevels('back', h(220), r(100), backs)).toEqual({ fills: [], unmatchedPaise: r(100) });
    expect(matchAgainstLevels('lay', h(210), r(100), lays)).toEqual({ fills: [], unmatchedPaise: r(100) });
    expect(matchAgainstLevels('lay', h(210), r(100), [])).toEqual({ fills: [], unmatchedPaise: r(100) });
  });

  it('sorts the levels itself rather than trusting their order', () => {
    const shuffled = [lv(206, 1000), lv(210, 300), lv(208, 500)];
    expect(matchAgainstLevels('back', h(206), r(900), shuffled).fills).toEqual([
      { price: 210, stakePaise: r(300) },
      { price: 208, stakePaise: r(500) },
      { price: 206, stakePaise: r(100) },
    ]);
    expect(matchAgainstLevels('lay', h(216), r(700), [...lays].reverse()).fills).toEqual([
      { price: 212, stakePaise: r(200) },
      { price: 214, stakePaise: r(400) },
      { price: 216, stakePaise: r(100) },
    ]);
  });

  it('floors each size to whole rupees, skips empty levels and merges levels at one price', () => {
    const levels = [
      { price: h(210), size: paise(29_999) }, // ₹299.99 → ₹299
      { price: h(209), size: paise(99) }, // under ₹1 → nothing
      { price: h(208), size: 12_345.6 as Paise }, // a fractional feed size → ₹123
      { price: h(208), size: r(10) },
    ];
    expect(matchAgainstLevels('back', h(208), r(1000), levels)).toEqual({
      fills: [
        { price: 210, stakePaise: r(299) },
        { price: 208, stakePaise: r(133) },
      ],
      unmatchedPaise: r(568),
    });
  });

  it('acceptAnyOdds takes every level best first; the rest still rests', () => {
    expect(matchAgainstLevels('back', h(250), r(1000), backs, true)).toEqual({
      fills: [
        { price: 210, stakePaise: r(300) },
        { price: 208, stakePaise: r(500) },
        { price: 206, stakePaise: r(200) },
      ],
      unmatchedPaise: 0,
    });
    expect(matchAgainstLevels('lay', h(150), r(2000), lays, true)).toEqual({
      fills: [
        { price: 212, stakePaise: r(200) },
        { price: 214, stakePaise: r(400) },
        { price: 216, stakePaise: r(800) },
      ],
      unmatchedPaise: r(600),
    });
  });

  it('refuses malformed input with ExchangeError', () => {
    expect(() => matchAgainstLevels('back', h(200), paise(150), backs)).toThrowError(
      /whole number of rupees/,
    );
    expect(() => matchAgainstLevels('back', h(200), paise(0), backs)).toThrowError(ExchangeError);
    expect(() => matchAgainstLevels('back', h(100), r(1), backs)).toThrowError(/asked price/);
    expect(() => matchAgainstLevels('back', h(200.5), r(1), backs)).toThrowError(ExchangeError);
    expect(() => matchAgainstLevels('side' as 'back', h(200), r(1), backs)).toThrowError(/side/);
    expect(() => matchAgainstLevels('back', h(200), r(1), [lv(99, 1)])).toThrowError(/offered price/);
    expect(() =>
      matchAgainstLevels('back', h(200), r(1), [{ price: h(200), size: -1 as Paise }]),
    ).toThrowError(/offered size/);
    expect(() =>
      matchAgainstLevels('back', h(200), r(1), [{ price: h(200), size: Number.NaN as Paise }]),
    ).toThrowError(ExchangeError);
  });
});

describe('restingFill: what a resting order can take now, at its own price', () => {
  const backs = [lv(210, 300), lv(208, 500), lv(206, 1000)];
  const lays = [lv(212, 200), lv(214, 400), lv(216, 800)];

  it('sums the whole-rupee sizes at prices at least as good, capped at the stake', () => {
    expect(restingFill('back', h(208), r(1000), backs)).toBe(r(800));
    expect(restingFill('back', h(208), r(600), backs)).toBe(r(600));
    expect(restingFill('back', h(212), r(600), backs)).toBe(0);
    expect(restingFill('lay', h(214), r(1000), lays)).toBe(r(600));
    expect(restingFill('lay', h(210), r(1000), lays)).toBe(0);
    expect(restingFill('lay', h(216), r(1000), [...lays].reverse())).toBe(r(1000));
    expect(restingFill('back', h(208), r(1000), [{ price: h(209), size: paise(55_055) }])).toBe(r(550));
  });

  it('docs/exchange-matching.md: a lay ₹500 @ 1.90 resting takes ₹350 at 1.90; a new lay would get 1.88', () => {
    const moved = [lv(188, 200), lv(190, 150), lv(192, 1000)];
    expect(restingFill('lay', h(190), r(500), moved)).toBe(r(350));
    expect(matchAgainstLevels('lay', h(190), r(350), moved)).toEqual({
      fills: [
        { price: 188, stakePaise: r(200) },
        { price: 190, stakePaise: r(150) },
      ],
      unmatchedPaise: 0,
    });
    // Before the move the best lay was 2.00: nothing to take.
    expect(restingFill('lay', h(190), r(500), [lv(200, 5000)])).toBe(0);
  });

  it('refuses malformed input with ExchangeError', () => {
    expect(() => restingFill('lay', h(200), paise(50), lays)).toThrowError(ExchangeError);
    expect(() => restingFill('lay', h(1), r(1), lays)).toThrowError(ExchangeError);
  });
});

describe('matching properties', () => {
  const side = fc.constantFrom('back' as const, 'lay' as const);
  // Stakes ₹1 to ₹5000 and level sizes up to ₹2000 with paise (and sometimes under ₹1), so orders
  // run through several levels, rest, or match in full.
  const stake = fc.integer({ min: 1, max: 5000 }).map((rupees) => wholeRupees(rupees));
  const level = fc.record({
    price: ladderPrice,
    size: fc
      .oneof(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 150 }))
      .map((n) => paise(n)),
  });
  const levels = fc.array(level, { maxLength: 8 });
  const better = (s: 'back' | 'lay', a: number, b: number): boolean => (s === 'back' ? a > b : a < b);
  const atLeastAsGood = (s: 'back' | 'lay', offered: number, asked: number): boolean =>
    s === 'back' ? offered >= asked : offered <= asked;
  const floorRupees = (n: number): number => Math.floor(n / 100) * 100;
  /** Whole-rupee size offered at each price (levels at one price count as one). */
  const sizeAt = (ls: readonly { price: number; size: number }[], price: number): number =>
    ls.filter((l) => l.price === price).reduce((sum, l) => sum + floorRupees(l.size), 0);

  it('fills: whole rupees, within the stake and each level, best first, at least as good as asked', () => {
    fc.assert(
      fc.property(side, ladderPrice, stake, levels, fc.boolean(), (s, asked, x, ls, any) => {
        const { fills, unmatchedPaise } = matchAgainstLevels(s, asked, x, ls, any);
        const matched = fills.reduce((sum, f) => sum + f.stakePaise, 0);
        expect(matched + unmatchedPaise).toBe(x);
        expect(unmatchedPaise).toBeGreaterThanOrEqual(0);
        expect(unmatchedPaise % 100).toBe(0);
        fills.forEach((f, i) => {
          expect(f.stakePaise).toBeGreaterThan(0);
          expect(f.stakePaise % 100).toBe(0);
          expect(f.stakePaise).toBeLessThanOrEqual(sizeAt(ls, f.price));
          if (!any) expect(atLeastAsGood(s, f.price, asked)).toBe(true);
          const next = fills[i + 1];
          if (next !== undefined) {
            expect(better(s, f.price, next.price)).toBe(true);
            // Only the last fill may leave part of its level: a worse price is reached only when the
            // better one is used up.
            expect(f.stakePaise).toBe(sizeAt(ls, f.price));
          }
        });
      }),
    );
  });

  it('matches as much as the eligible levels hold (greedy), whatever their order', () => {
    fc.assert(
      fc.property(side, ladderPrice, stake, levels, fc.boolean(), (s, asked, x, ls, any) => {
        const eligible = ls.filter((l) => any || atLeastAsGood(s, l.price, asked));
        const offered = eligible.reduce((sum, l) => sum + floorRupees(l.size), 0);
        const result = matchAgainstLevels(s, asked, x, ls, any);
        expect(x - result.unmatchedPaise).toBe(Math.min(x, offered));
        expect(matchAgainstLevels(s, asked, x, [...ls].reverse(), any)).toEqual(result);
        // A resting order at `asked` can take exactly what a new order at `asked` would match.
        if (!any) expect(restingFill(s, asked, x, ls)).toBe(x - result.unmatchedPaise);
      }),
    );
  });

  it('a higher stake never matches less; a better price for the player never matches more', () => {
    fc.assert(
      fc.property(
        side,
        fc.integer({ min: 0, max: LADDER.length - 2 }),
        stake,
        stake,
        levels,
        (s, i, x, y, ls) => {
          const lo = LADDER[i] as Hundredths;
          const hi = LADDER[i + 1] as Hundredths;
          const matchedOf = (asked: Hundredths, st: Paise): number =>
            st - matchAgainstLevels(s, asked, st, ls).unmatchedPaise;
          const [small, big] = x <= y ? [x, y] : [y, x];
          expect(matchedOf(lo, big)).toBeGreaterThanOrEqual(matchedOf(lo, small));
          // For a back a higher asked price is more demanding; for a lay a lower one.
          const [easier, harder] = s === 'back' ? [lo, hi] : [hi, lo];
          expect(matchedOf(easier, x)).toBeGreaterThanOrEqual(matchedOf(harder, x));
        },
      ),
    );
  });
});
