import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betPotentialProfit, type OddsBet, type RunnerId } from './bets';
import { cashOutOffer, type BestPrices } from './cashout';
import type { Hundredths } from './ladder';
import { paise, wholeRupees } from './money';
import { runnerPnl } from './pnl';
import { RUNNERS, anyStake, ladderPrice, oddsBet, wholeRupeeStake } from './test-support/arbitraries';

const h = (n: number) => n as Hundredths;
const three = [...RUNNERS];
const bet = (side: 'back' | 'lay', runnerId: RunnerId, price: number, rupees: number): OddsBet => ({
  side,
  runnerId,
  price: h(price),
  stakePaise: wholeRupees(rupees),
});
const book = (entries: Array<[RunnerId, number | null, number | null]>) =>
  new Map<RunnerId, BestPrices>(
    entries.map(([id, back, lay]) => [
      id,
      { back: back === null ? null : h(back), lay: lay === null ? null : h(lay) },
    ]),
  );
const allPrices = (back: number, lay: number) => book(three.map((id) => [id, back, lay]));

describe('cash-out offer', () => {
  it('lays a winning back at the best lay price and equalises exactly when the stake divides', () => {
    // Back A ₹100 @ 3.00: P_A +200, others −100, D = ₹300; at 2.50 the hedge is exactly ₹120.
    const offer = cashOutOffer(three, [bet('back', 'A', 300, 100)], book([['A', 240, 250]]));
    expect(offer).toMatchObject({
      kind: 'offer',
      hedge: bet('lay', 'A', 250, 120),
      guaranteed: 2000,
      spread: 0,
    });
    if (offer.kind === 'offer') expect(offer.pnlAfter.map((r) => r.pnl)).toEqual([2000, 2000, 2000]);
  });

  it('rounds the stake to whole rupees and stays within half the odds', () => {
    // ₹300 / 2.80 = ₹107.14… → ₹107; D left = 30000 − 107 × 280 = 40 paise ≤ 140.
    const offer = cashOutOffer(three, [bet('back', 'A', 300, 100)], book([['A', 270, 280]]));
    expect(offer).toMatchObject({ kind: 'offer', hedge: bet('lay', 'A', 280, 107), spread: 40 });
  });

  it('backs a losing lay at the best back price', () => {
    // Lay A ₹100 @ 2.00: P_A −100, others +100; back ₹80 @ 2.50 → everything +20.
    const offer = cashOutOffer(three, [bet('lay', 'A', 200, 100)], book([['A', 250, 260]]));
    expect(offer).toMatchObject({
      kind: 'offer',
      hedge: bet('back', 'A', 250, 80),
      guaranteed: 2000,
      spread: 0,
    });
  });

  it('hedges the one runner whose rivals are level, even with bets on several runners', () => {
    // Back A and B ₹100 @ 3.00: P_A = P_B = +100, P_Draw = −200 → back Draw.
    const bets = [bet('back', 'A', 300, 100), bet('back', 'B', 300, 100)];
    const offer = cashOutOffer(three, bets, allPrices(300, 310));
    expect(offer).toMatchObject({ kind: 'offer', hedge: bet('back', 'Draw', 300, 100), spread: 0 });
  });

  it('offers nothing when no single bet can equalise a three-way position', () => {
    const bets = [bet('back', 'A', 300, 100), bet('back', 'B', 400, 100)];
    expect(cashOutOffer(three, bets, allPrices(300, 310))).toMatchObject({
      kind: 'none',
      reason: 'no-single-hedge',
    });
  });

  it('says why there is no offer', () => {
    expect(cashOutOffer(three, [], allPrices(200, 210))).toMatchObject({
      kind: 'none',
      reason: 'no-position',
    });
    const level = [bet('back', 'A', 200, 100), bet('lay', 'A', 200, 100)];
    expect(cashOutOffer(three, level, allPrices(200, 210))).toMatchObject({
      kind: 'none',
      reason: 'balanced',
    });
    const open = [bet('back', 'A', 300, 100)];
    expect(cashOutOffer(three, open, book([['A', 290, null]]))).toMatchObject({
      kind: 'none',
      reason: 'no-price',
    });
    // Back A ₹1 @ 1.50: D = 150 paise, exactly half of a 3.00 lay: the tie rounds to a ₹0 stake.
    const tiny = [bet('back', 'A', 150, 1)];
    expect(cashOutOffer(three, tiny, allPrices(290, 300))).toMatchObject({
      kind: 'none',
      reason: 'balanced',
    });
  });

  it('in a two-runner market picks the hedge that guarantees more', () => {
    // Back A ₹100 @ 2.00: D = ₹200. Laying A ₹100 @ 2.00 locks in 0.
    const bets = [bet('back', 'A', 200, 100)];
    const offer = cashOutOffer(
      ['A', 'B'],
      bets,
      book([
        ['A', 190, 200],
        ['B', 250, 260],
      ]),
    );
    // Back B ₹80 @ 2.50 → P_A = 100 − 80 = 20, P_B = −100 + 120 = 20, better than laying A (0).
    expect(offer).toMatchObject({ kind: 'offer', hedge: bet('back', 'B', 250, 80), guaranteed: 2000 });
  });

  it('never offers a hedge below the market minimum stake, and says so when every hedge is', () => {
    // Back A ₹100 @ 2.00: D = ₹200; at a 3.00 lay the hedge is ₹66.67 → ₹67, under a ₹100 minimum.
    const small = [bet('back', 'A', 200, 100)];
    expect(cashOutOffer(three, small, allPrices(290, 300))).toMatchObject({
      kind: 'offer',
      hedge: bet('lay', 'A', 300, 67),
    });
    expect(cashOutOffer(three, small, allPrices(290, 300), { minStake: wholeRupees(100) })).toMatchObject({
      kind: 'none',
      reason: 'below-min-stake',
    });
    // Exactly the minimum is a bet the market takes: at a 2.00 lay the hedge is ₹100.
    expect(cashOutOffer(three, small, allPrices(190, 200), { minStake: wholeRupees(100) })).toMatchObject({
      kind: 'offer',
      hedge: bet('lay', 'A', 200, 100),
    });
    // A ₹0 stake is still 'balanced' (already within the bound), whatever the minimum.
    expect(
      cashOutOffer(three, [bet('back', 'A', 150, 1)], allPrices(290, 300), { minStake: wholeRupees(100) }),
    ).toMatchObject({ kind: 'none', reason: 'balanced' });
  });

  it('in a two-runner market falls back to the other hedge when the better one is below the minimum', () => {
    // As above: back B ₹80 @ 2.50 would guarantee ₹20, but ₹80 is under a ₹100 minimum; laying A
    // ₹100 @ 2.00 evens the runners at ₹0 and is a bet the market takes.
    const offer = cashOutOffer(
      ['A', 'B'],
      [bet('back', 'A', 200, 100)],
      book([
        ['A', 190, 200],
        ['B', 250, 260],
      ]),
      { minStake: wholeRupees(100) },
    );
    expect(offer).toMatchObject({ kind: 'offer', hedge: bet('lay', 'A', 200, 100), guaranteed: 0 });
  });
});

describe('cash-out properties', () => {
  const prices = fc
    .array(fc.tuple(ladderPrice, ladderPrice), { minLength: 3, maxLength: 3 })
    .map((pairs) => book(pairs.map(([a, b], i) => [three[i] as RunnerId, Math.min(a, b), Math.max(a, b)])));

  // Two-way markets (every position has a hedge) and three-way ones (only some do).
  const market = fc.constantFrom(['A', 'B'], three);
  const position = market.chain((runners) =>
    fc.tuple(
      fc.constant(runners),
      fc.array(
        fc
          .tuple(fc.oneof(oddsBet(), oddsBet(anyStake)), fc.constantFrom(...runners))
          .map(([b, runnerId]) => ({
            ...b,
            runnerId,
          })),
        { maxLength: 8 },
      ),
    ),
  );

  it('after the hedge every runner’s P differs by at most floor(Q/2) paise, and not at all when Q divides D', () => {
    let offers = 0;
    fc.assert(
      fc.property(position, prices, ([runners, bets], best) => {
        const offer = cashOutOffer(runners, bets, best);
        if (offer.kind !== 'offer') return;
        offers++;
        const { hedge } = offer;
        const Q = hedge.price;
        expect(hedge.stakePaise % 100).toBe(0);
        expect(hedge.stakePaise).toBeGreaterThan(0);
        const quoted = best.get(hedge.runnerId);
        expect(hedge.price).toBe(hedge.side === 'back' ? quoted?.back : quoted?.lay);
        // The offer's own P is what pnl.ts gives for the bets plus the hedge.
        const after = runnerPnl(runners, [...bets, hedge]).map((r) => r.pnl);
        expect(offer.pnlAfter.map((r) => r.pnl)).toEqual(after);
        const spread = Math.max(...after) - Math.min(...after);
        expect(offer.spread).toBe(spread);
        expect(offer.guaranteed).toBe(Math.min(...after));
        expect(2 * spread).toBeLessThanOrEqual(Q);
        const before = offer.pnlBefore.find((r) => r.runnerId === hedge.runnerId)?.pnl ?? 0;
        const rival = offer.pnlBefore.find((r) => r.runnerId !== hedge.runnerId)?.pnl ?? 0;
        if ((before - rival) % Q === 0) expect(spread).toBe(0);
      }),
      { numRuns: 300 },
    );
    expect(offers).toBeGreaterThan(100);
  });

  it('a position on one runner always gets an offer or is already within the bound', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...three),
        fc.array(oddsBet(), { minLength: 1, maxLength: 5 }),
        prices,
        (runner, raw, best) => {
          const bets = raw.map((b) => ({ ...b, runnerId: runner }));
          const offer = cashOutOffer(three, bets, best);
          expect(offer.kind === 'offer' || offer.reason === 'balanced').toBe(true);
          if (offer.kind === 'none') {
            const p = runnerPnl(three, bets);
            const own = p.find((r) => r.runnerId === runner)?.pnl ?? 0;
            const rival = p.find((r) => r.runnerId !== runner)?.pnl ?? 0;
            const q = best.get(runner);
            // Rounded to a ₹0 stake: already within half of the price the hedge would use.
            const Q = own > rival ? q?.lay : q?.back;
            expect(2 * Math.abs(own - rival)).toBeLessThanOrEqual(Q ?? 0);
          }
        },
      ),
    );
  });

  it('with a minimum stake: the same offer when its hedge meets it, else one that does, or below-min-stake', () => {
    const minimum = fc.integer({ min: 1, max: 2_000 }).map((r) => wholeRupees(r));
    fc.assert(
      fc.property(position, prices, minimum, ([runners, bets], best, min) => {
        const free = cashOutOffer(runners, bets, best);
        const limited = cashOutOffer(runners, bets, best, { minStake: min });
        if (limited.kind === 'offer') expect(limited.hedge.stakePaise).toBeGreaterThanOrEqual(min);
        if (free.kind === 'offer' && free.hedge.stakePaise >= min) expect(limited).toEqual(free);
        if (free.kind === 'none') expect(limited).toEqual(free);
        // 'balanced' when the other hedge of the position rounds to no stake at all: it is level already.
        if (free.kind === 'offer' && limited.kind === 'none') {
          expect(['below-min-stake', 'balanced']).toContain(limited.reason);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never offers a hedge above the market maximum stake or maximum profit, and says so', () => {
    // Back A ₹1,000 @ 4.00: D = ₹4,000; at a 2.00 lay the hedge is ₹2,000, and it could win ₹2,000.
    const big = [bet('back', 'A', 400, 1_000)];
    expect(cashOutOffer(three, big, allPrices(190, 200), { maxStake: wholeRupees(2_000) })).toMatchObject({
      kind: 'offer',
      hedge: bet('lay', 'A', 200, 2_000),
    });
    expect(cashOutOffer(three, big, allPrices(190, 200), { maxStake: wholeRupees(1_999) })).toMatchObject({
      kind: 'none',
      reason: 'above-bet-limits',
    });
    expect(cashOutOffer(three, big, allPrices(190, 200), { maxProfit: wholeRupees(1_999) })).toMatchObject({
      kind: 'none',
      reason: 'above-bet-limits',
    });
    // Lay B ₹1,000 @ 5.00: P_A +₹1,000, P_B −₹4,000. Backing B ₹1,000 @ 5.00 evens them at ₹0 but
    // could win ₹4,000; laying A ₹3,846 @ 1.30 evens them at about −₹154 and could win ₹3,846.
    const two = ['A', 'B'] as RunnerId[];
    const lay = [bet('lay', 'B', 500, 1_000)];
    const prices = book([
      ['A', 120, 130],
      ['B', 500, 510],
    ]);
    expect(cashOutOffer(two, lay, prices)).toMatchObject({
      kind: 'offer',
      hedge: bet('back', 'B', 500, 1_000),
    });
    expect(cashOutOffer(two, lay, prices, { maxProfit: wholeRupees(3_999) })).toMatchObject({
      kind: 'offer',
      hedge: bet('lay', 'A', 130, 3_846),
    });
    expect(cashOutOffer(two, lay, prices, { maxProfit: wholeRupees(3_000) })).toMatchObject({
      kind: 'none',
      reason: 'above-bet-limits',
    });
  });

  it('with a maximum stake and profit: every offer keeps within them, and is the free offer when that does', () => {
    const maximum = fc.integer({ min: 1, max: 5_000 }).map((r) => wholeRupees(r));
    fc.assert(
      fc.property(position, prices, maximum, maximum, ([runners, bets], best, maxStake, maxProfit) => {
        const free = cashOutOffer(runners, bets, best);
        const limited = cashOutOffer(runners, bets, best, { maxStake, maxProfit });
        if (limited.kind === 'offer') {
          expect(limited.hedge.stakePaise).toBeLessThanOrEqual(maxStake);
          expect(betPotentialProfit(limited.hedge)).toBeLessThanOrEqual(maxProfit);
        }
        if (free.kind === 'none') expect(limited).toEqual(free);
        if (free.kind === 'offer' && limited.kind === 'none') {
          expect(['above-bet-limits', 'balanced']).toContain(limited.reason);
        }
        if (
          free.kind === 'offer' &&
          free.hedge.stakePaise <= maxStake &&
          betPotentialProfit(free.hedge) <= maxProfit
        ) {
          expect(limited).toEqual(free);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a position level at one runner's price is 'balanced' even when the other hedge is outside the limits", () => {
    // Back A ₹0.24 @ 2.14: P_A +₹0.27, P_B −₹0.24. Laying A at 1.40 rounds to no stake (level already);
    // backing B at 1.01 is ₹1, which a ₹2 minimum refuses. Found by the property above.
    const two = ['A', 'B'] as RunnerId[];
    const tiny: OddsBet[] = [{ side: 'back', runnerId: 'A', price: h(214), stakePaise: paise(24) }];
    const prices = book([
      ['A', 101, 140],
      ['B', 101, 101],
    ]);
    expect(cashOutOffer(two, tiny, prices)).toMatchObject({ kind: 'offer', hedge: bet('back', 'B', 101, 1) });
    expect(cashOutOffer(two, tiny, prices, { minStake: wholeRupees(2) })).toMatchObject({
      kind: 'none',
      reason: 'balanced',
    });
  });

  it('hedging a single bet at its own price locks in exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('back' as const, 'lay' as const),
        ladderPrice,
        wholeRupeeStake,
        (side, p, stake) => {
          const original: OddsBet = { side, runnerId: 'A', price: p, stakePaise: stake };
          const offer = cashOutOffer(three, [original], book([['A', p, p]]));
          expect(offer).toMatchObject({ kind: 'offer', spread: 0, guaranteed: 0 });
        },
      ),
    );
  });
});
