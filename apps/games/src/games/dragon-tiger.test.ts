import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard, freshDeck } from '../fair/cards';
import { floats } from '../fair/floats';
import { clientSeedArb, nonceArb, serverSeedArb } from '../fair/test-arbitraries';
import type { Bet } from './bets';
import { dragonTiger, dragonTigerFromCards, type DragonTigerMarket } from './dragon-tiger';
import type { Paise } from './money';
import { band, cardArb, cards, errorCode, rounds, SERVER } from './test-support';

const bet = (id: string, market: DragonTigerMarket, stake: number): Bet<DragonTigerMarket> => ({
  id,
  market,
  stake: stake as Paise,
});
const all = (stake: number) => [bet('d', 'dragon', stake), bet('t', 'tiger', stake), bet('x', 'tie', stake)];

describe('Dragon Tiger: the round', () => {
  it('known answer: SERVER/backlay/1 gives Dragon 10♣ (card 35), Tiger A♣ (card 51): Dragon wins, the ace being low', () => {
    const outcome = dragonTiger.outcome(floats(SERVER, 'backlay', 1, dragonTiger.floatsPerRound));
    expect([formatCard(outcome.dragon), formatCard(outcome.tiger), outcome.winner]).toEqual([
      '10♣',
      'A♣',
      'dragon',
    ]);
  });

  it('compares ranks with the ace low and ignores suits', () => {
    const [ks, as2, kd, twoC] = cards('Ks As Kd 2c');
    expect(dragonTigerFromCards(ks!, as2!).winner).toBe('dragon');
    expect(dragonTigerFromCards(as2!, twoC!).winner).toBe('tiger');
    expect(dragonTigerFromCards(ks!, kd!).winner).toBe('tie');
  });

  it('the outcome is fixed by the seeds', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, nonceArb, (s, c, n) => {
        expect(dragonTiger.outcome(floats(s, c, n, 2))).toEqual(dragonTiger.outcome(floats(s, c, n, 2)));
      }),
    );
  });
});

describe('Dragon Tiger: settlement in paise', () => {
  it('pays 1.98 on the winner and 11.00 on a tie; Dragon and Tiger lose half on a tie', () => {
    const dragonWins = dragonTigerFromCards(cards('Qh')[0]!, cards('9s')[0]!);
    expect(dragonTiger.settle(all(10_000), dragonWins).map((r) => [r.status, r.payout, r.net])).toEqual([
      ['won', 19_800, 9_800],
      ['lost', 0, -10_000],
      ['lost', 0, -10_000],
    ]);
    const tie = dragonTigerFromCards(cards('7h')[0]!, cards('7c')[0]!);
    expect(dragonTiger.settle(all(10_000), tie).map((r) => [r.status, r.payout, r.net])).toEqual([
      ['half-lost', 5_000, -5_000],
      ['half-lost', 5_000, -5_000],
      ['won', 110_000, 100_000],
    ]);
    // An odd stake: half of 1,001 paise back is 500 (the half paisa to the house).
    expect(dragonTiger.settle([bet('d', 'dragon', 1_001)], tie)[0]!.payout).toBe(500);
  });

  it('the exact return per market over all 52 × 52 draws: Dragon 95.23%, Tie 84.62%', () => {
    const deck = freshDeck();
    const totals = { dragon: 0, tiger: 0, tie: 0 };
    for (const d of deck)
      for (const t of deck)
        for (const r of dragonTiger.settle(all(10_000), dragonTigerFromCards(d, t)))
          totals[r.market] += r.payout;
    const staked = 52 * 52 * 10_000;
    // Dragon: 1248 wins × 19,800 + 208 ties × 5,000; Tie: 208 × 110,000.
    expect(totals).toEqual({ dragon: 25_750_400, tiger: 25_750_400, tie: 22_880_000 });
    expect(totals.dragon / staked).toBeCloseTo(12.38 / 13, 10);
    expect(totals.tie / staked).toBeCloseTo(11 / 13, 10);
  });

  it('any round: payouts are whole paise, never negative, and no bet loses more than its stake', () => {
    fc.assert(
      fc.property(cardArb, cardArb, fc.integer({ min: 1, max: 10_000_000 }), (d, t, stake) => {
        for (const r of dragonTiger.settle(all(stake), dragonTigerFromCards(d, t))) {
          expect(Number.isSafeInteger(r.payout) && r.payout >= 0).toBe(true);
          expect(r.net).toBeGreaterThanOrEqual(-stake);
          expect(r.net).toBe(r.payout - stake);
        }
      }),
    );
  });

  it('the return over many seeded rounds sits in the band of the exact house edge', () => {
    const n = 4_000;
    const dragonBand = band(
      [
        [6 / 13, 1.98],
        [1 / 13, 0.5],
        [6 / 13, 0],
      ],
      n,
    );
    const tieBand = band(
      [
        [1 / 13, 11],
        [12 / 13, 0],
      ],
      n,
    );
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, (s, c) => {
        const totals = { dragon: 0, tiger: 0, tie: 0 };
        for (const outcome of rounds(dragonTiger, s, c, 0, n))
          for (const r of dragonTiger.settle(all(100), outcome)) totals[r.market] += r.payout;
        for (const [market, { low, high }] of [
          ['dragon', dragonBand],
          ['tiger', dragonBand],
          ['tie', tieBand],
        ] as const) {
          const ratio = totals[market] / (n * 100);
          expect(ratio, market).toBeGreaterThan(low);
          expect(ratio, market).toBeLessThan(high);
        }
      }),
      { numRuns: 3 },
    );
  });

  it('refuses an unknown market and describes its markets', () => {
    expect(errorCode(() => dragonTiger.validateBet({ id: '1', market: 'suited-tie', stake: 10_000 }))).toBe(
      'UNKNOWN_MARKET',
    );
    expect(dragonTiger.describe().markets.map((m) => `${m.market} ${m.oddsText}`)).toEqual([
      'dragon 1.98',
      'tiger 1.98',
      'tie 11.00',
    ]);
  });
});
