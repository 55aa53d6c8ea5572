import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard, freshDeck } from '../fair/cards';
import { floats } from '../fair/floats';
import type { Bet } from './bets';
import { lucky7, lucky7FromCard, type Lucky7Market } from './lucky7';
import type { Paise } from './money';
import { band, cardArb, cards, errorCode, rounds, SERVER } from './test-support';
import { clientSeedArb, serverSeedArb } from '../fair/test-arbitraries';

const MARKETS: Lucky7Market[] = ['low', 'high', 'seven', 'red', 'black'];
const all = (stake: number): Bet<Lucky7Market>[] =>
  MARKETS.map((m) => ({ id: m, market: m, stake: stake as Paise }));
const paid = (text: string) =>
  Object.fromEntries(
    lucky7.settle(all(10_000), lucky7FromCard(cards(text)[0]!)).map((r) => [r.market, r.payout]),
  );

describe('Lucky 7', () => {
  it('known answer: SERVER/backlay/1 draws 10♣ (card 35): High and Black', () => {
    const outcome = lucky7.outcome(floats(SERVER, 'backlay', 1, 1));
    expect(formatCard(outcome.card)).toBe('10♣');
    expect([outcome.value, outcome.band, outcome.colour]).toEqual([10, 'high', 'black']);
  });

  it('pays exact paise per card: the ace is low, a 7 loses Low and High but not its colour', () => {
    expect(paid('Ah')).toEqual({ low: 20_000, high: 0, seven: 0, red: 19_500, black: 0 });
    expect(paid('6s')).toEqual({ low: 20_000, high: 0, seven: 0, red: 0, black: 19_500 });
    expect(paid('7d')).toEqual({ low: 0, high: 0, seven: 110_000, red: 19_500, black: 0 });
    expect(paid('7c')).toEqual({ low: 0, high: 0, seven: 110_000, red: 0, black: 19_500 });
    expect(paid('8c')).toEqual({ low: 0, high: 20_000, seven: 0, red: 0, black: 19_500 });
    expect(paid('Kh')).toEqual({ low: 0, high: 20_000, seven: 0, red: 19_500, black: 0 });
  });

  it('the exact return over the 52 cards: Low/High 92.31%, Seven 84.62%, Red/Black 97.5%', () => {
    const totals: Record<string, number> = {};
    for (const c of freshDeck())
      for (const r of lucky7.settle(all(10_000), lucky7FromCard(c)))
        totals[r.market] = (totals[r.market] ?? 0) + r.payout;
    expect(totals).toEqual({ low: 480_000, high: 480_000, seven: 440_000, red: 507_000, black: 507_000 });
  });

  it('any card and stake: no bet loses more than its stake; Low, High and Seven never all lose', () => {
    fc.assert(
      fc.property(cardArb, fc.integer({ min: 1, max: 10_000_000 }), (c, stake) => {
        const results = lucky7.settle(all(stake), lucky7FromCard(c));
        for (const r of results) expect(r.payout >= 0 && r.net >= -stake).toBe(true);
        expect(results.filter((r) => r.status === 'won')).toHaveLength(2);
      }),
    );
  });

  it('the return over many seeded rounds sits in the band of the exact house edge', () => {
    const n = 5_000;
    const lowBand = band(
      [
        [6 / 13, 2],
        [7 / 13, 0],
      ],
      n,
    );
    const sevenBand = band(
      [
        [1 / 13, 11],
        [12 / 13, 0],
      ],
      n,
    );
    const redBand = band(
      [
        [0.5, 1.95],
        [0.5, 0],
      ],
      n,
    );
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, (s, c) => {
        const totals: Record<string, number> = {};
        for (const outcome of rounds(lucky7, s, c, 0, n))
          for (const r of lucky7.settle(all(100), outcome))
            totals[r.market] = (totals[r.market] ?? 0) + r.payout;
        const bands = { low: lowBand, high: lowBand, seven: sevenBand, red: redBand, black: redBand };
        for (const m of MARKETS) {
          const ratio = totals[m]! / (n * 100);
          expect(ratio, m).toBeGreaterThan(bands[m].low);
          expect(ratio, m).toBeLessThan(bands[m].high);
        }
      }),
      { numRuns: 3 },
    );
  });

  it('refuses bad bets and describes the markets', () => {
    expect(errorCode(() => lucky7.validateBet({ id: '1', market: 'eight', stake: 10_000 }))).toBe(
      'UNKNOWN_MARKET',
    );
    expect(errorCode(() => lucky7.validateBet({ id: '1', market: 'low', stake: -100 }))).toBe(
      'INVALID_STAKE',
    );
    expect(lucky7.describe().markets.map((m) => `${m.market} ${m.oddsText}`)).toEqual([
      'low 2.00',
      'high 2.00',
      'seven 11.00',
      'red 1.95',
      'black 1.95',
    ]);
  });
});
