import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard } from '../fair/cards';
import { floats } from '../fair/floats';
import { clientSeedArb, nonceArb, serverSeedArb } from '../fair/test-arbitraries';
import { andarBahar, andarBaharFromDeck, type AndarBaharMarket } from './andar-bahar';
import type { Bet } from './bets';
import type { Paise } from './money';
import { band, cards, errorCode, rounds, SERVER } from './test-support';

const both = (stake: number): Bet<AndarBaharMarket>[] => [
  { id: 'a', market: 'andar', stake: stake as Paise },
  { id: 'b', market: 'bahar', stake: stake as Paise },
];

/** P(Andar) exactly: the first of the 3 matching cards among 51 lands at an odd position (1-based). */
function choose(n: number, k: number): number {
  return k === 2 ? (n * (n - 1)) / 2 : (n * (n - 1) * (n - 2)) / 6;
}
const P_ANDAR =
  Array.from({ length: 25 }, (_, i) => choose(51 - (2 * i + 1), 2)).reduce((a, b) => a + b) / choose(51, 3);

describe('Andar Bahar: the round', () => {
  it('known answer: SERVER/backlay/1 — joker 8♠, the 8♥ is the 15th card dealt and falls on Andar', () => {
    const outcome = andarBahar.outcome(floats(SERVER, 'backlay', 1, andarBahar.floatsPerRound));
    expect(formatCard(outcome.joker)).toBe('8♠');
    expect(outcome.andar.map(formatCard)).toEqual(['7♠', 'K♣', '7♥', 'A♣', '9♥', '2♠', '6♥', '8♥']);
    expect(outcome.bahar.map(formatCard)).toEqual(['6♣', '3♦', '10♥', '4♣', '5♦', '7♦', '3♥']);
    expect(outcome.winner).toBe('andar');
  });

  it('deals the first card to Andar: a first-card match wins Andar', () => {
    expect(andarBaharFromDeck(cards('9h 9s 2c')).winner).toBe('andar');
    const bahar = andarBaharFromDeck(cards('9h 2c 9s 9d'));
    expect([bahar.winner, bahar.andar.length, bahar.bahar.length]).toEqual(['bahar', 1, 1]);
    expect(() => andarBaharFromDeck(cards('9h 2c 3d'))).toThrow(/matches the joker/);
  });

  it('any seeds: the winning side’s last card, and only it, matches the joker, from 51 distinct cards', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, nonceArb, (s, c, n) => {
        const o = andarBahar.outcome(floats(s, c, n, 51));
        const winning = o.winner === 'andar' ? o.andar : o.bahar;
        expect(winning.at(-1)!.rank).toBe(o.joker.rank);
        const dealt = [...o.andar, ...o.bahar];
        expect(dealt.filter((x) => x.rank === o.joker.rank)).toHaveLength(1);
        expect(o.andar.length - o.bahar.length).toBe(o.winner === 'andar' ? 1 : 0);
        expect(new Set([o.joker, ...dealt].map(formatCard)).size).toBe(dealt.length + 1);
      }),
    );
  });
});

describe('Andar Bahar: settlement in paise', () => {
  it('pays Andar 1.90 and Bahar 2.00', () => {
    const andarWins = andarBaharFromDeck(cards('9h 9s'));
    expect(andarBahar.settle(both(10_000), andarWins).map((r) => [r.market, r.payout, r.net])).toEqual([
      ['andar', 19_000, 9_000],
      ['bahar', 0, -10_000],
    ]);
    const baharWins = andarBaharFromDeck(cards('9h 2c 9s'));
    expect(andarBahar.settle(both(1_001), baharWins).map((r) => [r.market, r.payout])).toEqual([
      ['andar', 0],
      ['bahar', 2_002],
    ]);
    expect(andarBahar.settle(both(1_001), andarWins)[0]!.payout).toBe(1_901); // 1901.9 floored
  });

  it('Andar wins 10725 / 20825 ≈ 51.5% of rounds; the returns over many seeded rounds sit in that band', () => {
    expect(P_ANDAR).toBeCloseTo(10_725 / 20_825, 12);
    const n = 4_000;
    const andarBand = band(
      [
        [P_ANDAR, 1.9],
        [1 - P_ANDAR, 0],
      ],
      n,
    );
    const baharBand = band(
      [
        [1 - P_ANDAR, 2],
        [P_ANDAR, 0],
      ],
      n,
    );
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, (s, c) => {
        const totals = { andar: 0, bahar: 0 };
        for (const o of rounds(andarBahar, s, c, 0, n))
          for (const r of andarBahar.settle(both(100), o)) totals[r.market] += r.payout;
        expect(totals.andar / (n * 100)).toBeGreaterThan(andarBand.low);
        expect(totals.andar / (n * 100)).toBeLessThan(andarBand.high);
        expect(totals.bahar / (n * 100)).toBeGreaterThan(baharBand.low);
        expect(totals.bahar / (n * 100)).toBeLessThan(baharBand.high);
      }),
      { numRuns: 3 },
    );
  });

  it('any round: no bet loses more than its stake', () => {
    fc.assert(
      fc.property(serverSeedArb, nonceArb, fc.integer({ min: 1, max: 10_000_000 }), (s, n, stake) => {
        for (const r of andarBahar.settle(both(stake), andarBahar.outcome(floats(s, 'c', n, 51)))) {
          expect(r.payout >= 0 && r.net >= -stake && Number.isSafeInteger(r.payout)).toBe(true);
        }
      }),
    );
  });

  it('refuses bad bets', () => {
    expect(errorCode(() => andarBahar.validateBet({ id: '1', market: 'joker', stake: 10_000 }))).toBe(
      'UNKNOWN_MARKET',
    );
    expect(errorCode(() => andarBahar.validateBet({ id: '1', market: 'andar', stake: '100' }))).toBe(
      'INVALID_STAKE',
    );
  });
});
