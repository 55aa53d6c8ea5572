import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FancyBet, OddsBet } from './bets';
import { ExchangeError } from './errors';
import type { Hundredths } from './ladder';
import { paise, wholeRupees } from './money';
import { fancyBook, fancyPnlAt, runnerPnl } from './pnl';
import { commissionOn, settleFancyMarket, settleOddsMarket, type PlacedBet } from './settlement';
import { RUNNERS, anyStake, fancyBet, oddsBet } from './test-support/arbitraries';

const runners = [...RUNNERS];
const placed = <B>(bets: readonly B[], users = ['u1', 'u2', 'u3']): PlacedBet<B>[] =>
  bets.map((bet, i) => ({ betId: `b${i}`, userId: users[i % users.length] as string, bet }));

const backA: OddsBet = {
  side: 'back',
  runnerId: 'A',
  price: 200 as Hundredths,
  stakePaise: wholeRupees(1000),
};
const layA: OddsBet = { side: 'lay', runnerId: 'A', price: 180 as Hundredths, stakePaise: wholeRupees(500) };

describe('settling match odds', () => {
  it('pays the worked example: A wins +600, B wins −500', () => {
    const bets = placed([backA, layA], ['u1']);
    expect(settleOddsMarket(runners, { kind: 'winner', runnerId: 'A' }, bets)).toEqual({
      bets: [
        { betId: 'b0', userId: 'u1', pnl: wholeRupees(1000) },
        { betId: 'b1', userId: 'u1', pnl: wholeRupees(-400) },
      ],
      users: [{ userId: 'u1', gross: wholeRupees(600), commission: 0, net: wholeRupees(600) }],
    });
    expect(settleOddsMarket(runners, { kind: 'winner', runnerId: 'B' }, bets).users).toEqual([
      { userId: 'u1', gross: wholeRupees(-500), commission: 0, net: wholeRupees(-500) },
    ]);
  });

  it('returns every stake on void', () => {
    const result = settleOddsMarket(runners, { kind: 'void' }, placed([backA, layA]));
    expect(result.bets.map((b) => b.pnl)).toEqual([0, 0]);
    expect(result.users.map((u) => u.net)).toEqual([0, 0]);
  });

  it('charges commission on net winnings in the market only, rounded up', () => {
    const bets = placed([backA, layA], ['u1']);
    const won = settleOddsMarket(runners, { kind: 'winner', runnerId: 'A' }, bets, { commissionBps: 500 });
    expect(won.users).toEqual([{ userId: 'u1', gross: 60000, commission: 3000, net: 57000 }]);
    const lost = settleOddsMarket(runners, { kind: 'winner', runnerId: 'Draw' }, bets, {
      commissionBps: 500,
    });
    expect(lost.users[0]?.commission).toBe(0);
    expect(commissionOn(paise(101), 100)).toBe(2);
    expect(commissionOn(paise(100), 100)).toBe(1);
    expect(commissionOn(paise(-100), 100)).toBe(0);
    expect(() => commissionOn(paise(1), -1)).toThrowError(ExchangeError);
    expect(() => commissionOn(paise(1), 10001)).toThrowError(ExchangeError);
    expect(() => commissionOn(paise(1), 2.5)).toThrowError(ExchangeError);
  });

  it('refuses a winner or a bet outside the market', () => {
    expect(() => settleOddsMarket(runners, { kind: 'winner', runnerId: 'C' }, [])).toThrowError(/winner C/);
    const stray = placed([{ ...backA, runnerId: 'C' }]);
    expect(() => settleOddsMarket(runners, { kind: 'void' }, stray)).toThrowError(ExchangeError);
  });
});

describe('settling fancy', () => {
  const no60: FancyBet = { side: 'no', line: 60, rate: 100, stakePaise: wholeRupees(1000) };
  const yes62: FancyBet = { side: 'yes', line: 62, rate: 100, stakePaise: wholeRupees(1000) };

  it('settles each bucket of the worked example', () => {
    const bets = placed([no60, yes62], ['u1']);
    const net = (runs: number) => settleFancyMarket({ kind: 'runs', runs }, bets).users[0]?.net;
    expect([net(59), net(60), net(61), net(62), net(100)]).toEqual([0, -200000, -200000, 0, 0]);
    expect(settleFancyMarket({ kind: 'void' }, bets).users[0]?.net).toBe(0);
    expect(() => settleFancyMarket({ kind: 'runs', runs: -1 }, bets)).toThrowError(ExchangeError);
    expect(() => settleFancyMarket({ kind: 'runs', runs: 1.5 }, bets)).toThrowError(ExchangeError);
  });
});

describe('settlement properties', () => {
  const users = ['u1', 'u2', 'u3'];
  const userOf = fc.constantFrom(...users);

  it('a user’s gross equals P of the winning runner from pnl.ts, and bets sum to it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(userOf, fc.oneof(oddsBet(), oddsBet(anyStake))), { maxLength: 15 }),
        fc.constantFrom(...runners),
        fc.integer({ min: 0, max: 10000 }),
        (rows, winner, bps) => {
          const bets = rows.map(([userId, bet], i) => ({ betId: `b${i}`, userId, bet }));
          const settled = settleOddsMarket(runners, { kind: 'winner', runnerId: winner }, bets, {
            commissionBps: bps,
          });
          for (const user of settled.users) {
            const own = bets.filter((b) => b.userId === user.userId).map((b) => b.bet);
            const pnl = runnerPnl(runners, own).find((r) => r.runnerId === winner)?.pnl;
            expect(user.gross).toBe(pnl);
            expect(user.net + user.commission).toBe(user.gross);
            expect(user.commission).toBeGreaterThanOrEqual(0);
            expect(user.net).toBeLessThanOrEqual(Math.max(user.gross, 0));
          }
          expect(settled.bets.reduce((s, b) => s + b.pnl, 0)).toBe(
            settled.users.reduce((s, u) => s + u.gross, 0),
          );
        },
      ),
    );
  });

  it('a user’s fancy gross equals the book bucket holding the runs total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(userOf, fc.oneof(fancyBet(), fancyBet(anyStake))), { maxLength: 15 }),
        fc.integer({ min: 0, max: 500 }),
        (rows, runs) => {
          const bets = rows.map(([userId, bet], i) => ({ betId: `b${i}`, userId, bet }));
          const settled = settleFancyMarket({ kind: 'runs', runs }, bets);
          for (const user of settled.users) {
            const own = bets.filter((b) => b.userId === user.userId).map((b) => b.bet);
            expect(user.gross).toBe(fancyPnlAt(fancyBook(own), runs));
          }
        },
      ),
    );
  });
});
