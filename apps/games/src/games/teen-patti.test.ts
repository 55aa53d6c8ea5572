import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard } from '../fair/cards';
import { floats } from '../fair/floats';
import { serverSeedArb, clientSeedArb, nonceArb } from '../fair/test-arbitraries';
import type { Bet } from './bets';
import type { Paise } from './money';
import { teenPatti, teenPattiFromDeck, type TeenPattiMarket } from './teen-patti';
import { band, cards, errorCode, rounds, SERVER } from './test-support';

const bet = (id: string, market: TeenPattiMarket, stake: number): Bet<TeenPattiMarket> => ({
  id,
  market,
  stake: stake as Paise,
});

describe('Teen Patti 20-20: the round', () => {
  it('known answer: SERVER/backlay/1 deals A 8♠ 6♣ 3♦ and B 7♠ K♣ 7♥ (the shuffle checked in Python)', () => {
    const outcome = teenPatti.outcome(floats(SERVER, 'backlay', 1, teenPatti.floatsPerRound));
    expect(outcome.playerA.map(formatCard)).toEqual(['8♠', '6♣', '3♦']);
    expect(outcome.playerB.map(formatCard)).toEqual(['7♠', 'K♣', '7♥']);
    expect(outcome.handA).toEqual({ category: 'high-card', ranks: [8, 6, 3] });
    expect(outcome.handB).toEqual({ category: 'pair', ranks: [7, 13] });
    expect(outcome.winner).toBe('playerB');
    expect(teenPatti.floatsPerRound).toBe(51);
  });

  it('deals alternately from the top of the deck', () => {
    const deck = cards('Ah 2c As 3d Ad 4c 9h');
    const outcome = teenPattiFromDeck(deck);
    expect(outcome.winner).toBe('playerA');
    expect(outcome.handA.category).toBe('trail');
    expect(outcome.handB.category).toBe('sequence');
  });

  it('six different cards every round, and the outcome is fixed by the seeds', () => {
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, nonceArb, (s, c, n) => {
        const outcome = teenPatti.outcome(floats(s, c, n, 51));
        expect(new Set([...outcome.playerA, ...outcome.playerB].map(formatCard)).size).toBe(6);
        expect(teenPatti.outcome(floats(s, c, n, 51))).toEqual(outcome);
      }),
    );
  });
});

describe('Teen Patti 20-20: settlement in paise', () => {
  const aWins = teenPattiFromDeck(cards('Ah 2c As 3c Ad 4c'));
  const tie = teenPattiFromDeck(cards('Ah Ac Ks Kd 9d 9h'));

  it('pays 1.98 on the winner, nothing on the loser', () => {
    expect(teenPatti.settle([bet('1', 'playerA', 10_000), bet('2', 'playerB', 10_000)], aWins)).toEqual([
      { id: '1', market: 'playerA', stake: 10_000, status: 'won', payout: 19_800, net: 9_800 },
      { id: '2', market: 'playerB', stake: 10_000, status: 'lost', payout: 0, net: -10_000 },
    ]);
  });

  it('floors a paisa fraction toward the house', () => {
    // ₹10.01 × 1.98 = ₹19.8198 → 1981 paise.
    expect(teenPatti.settle([bet('1', 'playerA', 1_001)], aWins)[0]!.payout).toBe(1_981);
  });

  it('a tie returns both sides’ stakes', () => {
    expect(tie.winner).toBe('tie');
    expect(teenPatti.settle([bet('1', 'playerA', 5_000), bet('2', 'playerB', 7_000)], tie)).toEqual([
      { id: '1', market: 'playerA', stake: 5_000, status: 'push', payout: 5_000, net: 0 },
      { id: '2', market: 'playerB', stake: 7_000, status: 'push', payout: 7_000, net: 0 },
    ]);
  });

  it('refuses bad bets with a code', () => {
    expect(errorCode(() => teenPatti.validateBet({ id: 'x', market: 'tie', stake: 10_000 }))).toBe(
      'UNKNOWN_MARKET',
    );
    expect(errorCode(() => teenPatti.validateBet({ id: 'x', market: 'playerA', stake: 10.5 }))).toBe(
      'INVALID_STAKE',
    );
    expect(errorCode(() => teenPatti.validateBet({ id: 'x', market: 'playerA', stake: 999 }))).toBe(
      'INVALID_STAKE',
    );
    expect(errorCode(() => teenPatti.validateBet({ id: 'x', market: 'playerA', stake: 10_000_001 }))).toBe(
      'INVALID_STAKE',
    );
    expect(errorCode(() => teenPatti.validateBet({ id: '', market: 'playerA', stake: 10_000 }))).toBe(
      'INVALID_BET',
    );
    expect(errorCode(() => teenPatti.validateBet(null))).toBe('INVALID_BET');
    expect(
      errorCode(() => teenPatti.validateBet({ id: 'x', market: 'playerA', stake: 10_000 })),
    ).toBeUndefined();
    expect(
      errorCode(() => teenPatti.settle([bet('1', 'playerA', 100), bet('1', 'playerB', 100)], aWins)),
    ).toBe('INVALID_BET');
  });

  it('describes both markets at 1.98 for the UI', () => {
    const d = teenPatti.describe();
    expect(d.markets.map((m) => [m.market, m.odds, m.oddsText])).toEqual([
      ['playerA', 198, '1.98'],
      ['playerB', 198, '1.98'],
    ]);
    expect(d.rules.join(' ')).toMatch(/A-2-3/);
  });

  it('any round: no bet loses more than its stake, and A + B at equal stakes returns 1.98× or 2×', () => {
    fc.assert(
      fc.property(
        serverSeedArb,
        clientSeedArb,
        nonceArb,
        fc.integer({ min: 1, max: 10_000_000 }),
        (s, c, n, stake) => {
          const outcome = teenPatti.outcome(floats(s, c, n, 51));
          const results = teenPatti.settle([bet('a', 'playerA', stake), bet('b', 'playerB', stake)], outcome);
          for (const r of results) {
            expect(r.payout).toBeGreaterThanOrEqual(0);
            expect(r.net).toBeGreaterThanOrEqual(-r.stake);
            expect(Number.isInteger(r.payout)).toBe(true);
          }
          const total = results[0]!.payout + results[1]!.payout;
          expect(total).toBe(outcome.winner === 'tie' ? 2 * stake : Math.floor((stake * 198) / 100));
        },
      ),
    );
  });

  it('returns about 99% to a Player A bettor over many rounds from any seeds', () => {
    const n = 3_000;
    // Ties are rare (well under 1%) and return the stake: the exact mean is between 0.99 and 0.9901.
    const { low, high } = band(
      [
        [0.5, 1.98],
        [0.5, 0],
      ],
      n,
    );
    fc.assert(
      fc.property(serverSeedArb, clientSeedArb, (s, c) => {
        let returned = 0;
        for (const outcome of rounds(teenPatti, s, c, 0, n)) {
          returned += teenPatti.settle([bet('a', 'playerA', 10_000)], outcome)[0]!.payout;
        }
        const ratio = returned / (n * 10_000);
        expect(ratio).toBeGreaterThan(low);
        expect(ratio).toBeLessThan(high);
      }),
      { numRuns: 3 },
    );
  });
});
