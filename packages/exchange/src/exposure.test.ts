import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FancyBet, OddsBet } from './bets';
import { ExchangeError } from './errors';
import {
  accountExposure,
  availableToBet,
  canAccept,
  marketExposure,
  withFancyBet,
  withOddsBet,
  withUnmatchedOddsBet,
  type MarketPosition,
  type OddsPosition,
} from './exposure';
import type { Hundredths } from './ladder';
import { paise, wholeRupees } from './money';
import { oddsExposure, worstCaseRunnerPnl } from './pnl';
import { fancyBet, oddsBet } from './test-support/arbitraries';

const runnerIds = ['A', 'B', 'Draw'];
const backA: OddsBet = {
  side: 'back',
  runnerId: 'A',
  price: 200 as Hundredths,
  stakePaise: wholeRupees(1000),
};
const layA: OddsBet = { side: 'lay', runnerId: 'A', price: 180 as Hundredths, stakePaise: wholeRupees(500) };
const no60: FancyBet = { side: 'no', line: 60, rate: 100, stakePaise: wholeRupees(1000) };
const yes62: FancyBet = { side: 'yes', line: 62, rate: 100, stakePaise: wholeRupees(1000) };

describe('account exposure', () => {
  it('sums markets without offsetting them', () => {
    const odds: MarketPosition = { kind: 'odds', runnerIds, bets: [backA, layA] };
    const fancy: MarketPosition = { kind: 'fancy', bets: [no60, yes62] };
    expect(marketExposure(odds)).toBe(wholeRupees(500));
    expect(marketExposure(fancy)).toBe(wholeRupees(2000));
    expect(accountExposure([marketExposure(odds), marketExposure(fancy)])).toBe(wholeRupees(2500));
    expect(() => accountExposure([paise(-1)])).toThrowError(ExchangeError);
    expect(availableToBet(wholeRupees(2000), wholeRupees(2500))).toBe(wholeRupees(-500));
  });

  it('accepts exactly when available stays ≥ 0 after the bet', () => {
    const before: MarketPosition = { kind: 'odds', runnerIds, bets: [backA] };
    const exposures = new Map([
      ['m1', marketExposure(before)],
      ['m2', wholeRupees(300)],
    ]);
    const after = withOddsBet(before, layA);
    // Exposure in m1 falls from ₹1000 to ₹500, account from ₹1300 to ₹800.
    const fits = canAccept(wholeRupees(800), exposures, 'm1', after);
    expect(fits).toEqual({
      accepted: true,
      marketExposureBefore: wholeRupees(1000),
      marketExposureAfter: wholeRupees(500),
      exposureAfter: wholeRupees(800),
      availableAfter: 0,
    });
    expect(canAccept(paise(79_999), exposures, 'm1', after).accepted).toBe(false);
    // A new market not yet in the map adds its exposure to the others.
    const fancy = withFancyBet({ kind: 'fancy', bets: [no60] }, yes62);
    expect(canAccept(wholeRupees(3300), exposures, 'm3', fancy)).toMatchObject({
      accepted: true,
      marketExposureBefore: 0,
      exposureAfter: wholeRupees(3300),
    });
    expect(before.bets).toEqual([backA]);
  });

  it('canAccept agrees with recomputing every market from scratch', () => {
    fc.assert(
      fc.property(
        fc.array(oddsBet(), { maxLength: 6 }),
        fc.array(fancyBet(), { maxLength: 6 }),
        oddsBet(),
        fc.integer({ min: 0, max: 1e9 }),
        (odds, fancy, extra, balance) => {
          const oddsPos = { kind: 'odds' as const, runnerIds: ['A', 'B', 'Draw'], bets: odds };
          const fancyPos: MarketPosition = { kind: 'fancy', bets: fancy };
          const exposures = new Map([
            ['o', marketExposure(oddsPos)],
            ['f', marketExposure(fancyPos)],
          ]);
          const after = withOddsBet(oddsPos, extra);
          const decision = canAccept(paise(balance), exposures, 'o', after);
          const total = marketExposure(after) + marketExposure(fancyPos);
          expect(decision.exposureAfter).toBe(total);
          expect(decision.availableAfter).toBe(balance - total);
          expect(decision.accepted).toBe(balance - total >= 0);
          expect(decision.exposureAfter).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('exposure with unmatched (resting) bets: the worst case', () => {
  // Matched: back A ₹1000 @ 2.00 → P = A +1000, B −1000, Draw −1000, E ₹1000.
  const restingBackB: OddsBet = {
    side: 'back',
    runnerId: 'B',
    price: 300 as Hundredths,
    stakePaise: wholeRupees(400),
  };
  const restingLayA: OddsBet = {
    side: 'lay',
    runnerId: 'A',
    price: 300 as Hundredths,
    stakePaise: wholeRupees(500),
  };

  it('back A ₹1000 @ 2.00 matched, back B ₹400 @ 3.00 resting → P_A +600, P_B −1000, P_Draw −1400, E ₹1400', () => {
    expect(worstCaseRunnerPnl(runnerIds, [backA], [restingBackB]).map((r) => r.pnl)).toEqual([
      wholeRupees(600),
      wholeRupees(-1000),
      wholeRupees(-1400),
    ]);
    expect(oddsExposure(runnerIds, [backA], [restingBackB])).toBe(wholeRupees(1400));
  });

  it('a resting hedge does not lower the exposure until it matches', () => {
    // Lay A ₹500 @ 3.00 resting: it would lose ₹1000 if A wins and win ₹500 otherwise; only the loss counts.
    expect(oddsExposure(runnerIds, [backA], [restingLayA])).toBe(wholeRupees(1000));
    expect(oddsExposure(runnerIds, [backA, restingLayA])).toBe(wholeRupees(500));
    expect(oddsExposure(runnerIds, [backA], [restingLayA, restingBackB])).toBe(wholeRupees(1400));
    // docs/exchange-matching.md: both resting bets matched → E ₹900; only the lay → ₹500.
    expect(oddsExposure(runnerIds, [backA, restingLayA, restingBackB])).toBe(wholeRupees(900));
    expect(worstCaseRunnerPnl(runnerIds, [backA], [restingBackB, restingLayA]).map((x) => x.pnl)).toEqual([
      wholeRupees(-400),
      wholeRupees(-1000),
      wholeRupees(-1400),
    ]);
    // A resting bet alone holds its own liability: a lay ₹500 @ 3.00 risks ₹1000.
    expect(oddsExposure(runnerIds, [], [restingLayA])).toBe(wholeRupees(1000));
  });

  it('marketExposure passes the unmatched bets through; without them nothing changes', () => {
    const matched: MarketPosition = { kind: 'odds', runnerIds, bets: [backA, layA] };
    expect(marketExposure(matched)).toBe(wholeRupees(500));
    expect(marketExposure({ ...matched, unmatched: [] })).toBe(wholeRupees(500));
    const before = { kind: 'odds' as const, runnerIds, bets: [backA] };
    const after = withUnmatchedOddsBet(before, restingBackB);
    expect(after.unmatched).toEqual([restingBackB]);
    expect(before).toEqual({ kind: 'odds', runnerIds, bets: [backA] });
    expect(marketExposure(after)).toBe(wholeRupees(1400));
    // Matched A +600, B −500, Draw −500; the resting back B adds −400 on A and Draw → E ₹900.
    expect(marketExposure(withOddsBet(after, layA))).toBe(wholeRupees(900));
    expect(withUnmatchedOddsBet(after, restingLayA).unmatched).toEqual([restingBackB, restingLayA]);
  });

  it('refuses an unmatched bet on an unknown runner or a malformed one', () => {
    expect(() => oddsExposure(runnerIds, [], [{ ...restingBackB, runnerId: 'X' }])).toThrowError(
      ExchangeError,
    );
    expect(() => oddsExposure(runnerIds, [], [{ ...restingBackB, stakePaise: paise(0) }])).toThrowError(
      ExchangeError,
    );
  });
});

describe('exposure with unmatched bets: properties', () => {
  const runners = ['A', 'B', 'Draw'];
  const matchedBets = fc.array(oddsBet(), { maxLength: 5 });
  const restingBets = fc.array(oddsBet(), { maxLength: 5 });

  it('is at least the matched exposure and equals the worst subset of the unmatched matched in full', () => {
    fc.assert(
      fc.property(matchedBets, restingBets, (bets, unmatched) => {
        const worst = oddsExposure(runners, bets, unmatched);
        expect(worst).toBeGreaterThanOrEqual(oddsExposure(runners, bets));
        let brute = 0;
        for (let mask = 0; mask < 1 << unmatched.length; mask++) {
          const subset = unmatched.filter((_, i) => (mask & (1 << i)) !== 0);
          brute = Math.max(brute, oddsExposure(runners, [...bets, ...subset]));
        }
        expect(worst).toBe(brute);
      }),
      { numRuns: 300 },
    );
  });

  it('no partial matching of the unmatched bets exceeds it', () => {
    fc.assert(
      fc.property(
        matchedBets,
        restingBets,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (bets, unmatched, shares) => {
          const worst = oddsExposure(runners, bets, unmatched);
          const partly = unmatched.flatMap((bet, i) => {
            const rupees = Math.floor((bet.stakePaise / 100) * (shares[i] ?? 0));
            return rupees === 0 ? [] : [{ ...bet, stakePaise: wholeRupees(rupees) }];
          });
          expect(oddsExposure(runners, [...bets, ...partly])).toBeLessThanOrEqual(worst);
        },
      ),
    );
  });

  it('cancelling an unmatched bet, in full or in part, never raises it; a fill never raises it either', () => {
    fc.assert(
      fc.property(
        matchedBets,
        fc.array(oddsBet(), { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bets, unmatched, pick, share) => {
          const i = pick % unmatched.length;
          const bet = unmatched[i] as OddsBet;
          const others = unmatched.filter((_, j) => j !== i);
          const before = marketExposure({ kind: 'odds', runnerIds: runners, bets, unmatched });
          // Cancel in full.
          expect(oddsExposure(runners, bets, others)).toBeLessThanOrEqual(before);
          // Cancel in part: the resting stake shrinks to a whole number of rupees.
          const kept = Math.floor((bet.stakePaise / 100) * share);
          const shrunk = kept === 0 ? others : [...others, { ...bet, stakePaise: wholeRupees(kept) }];
          expect(oddsExposure(runners, bets, shrunk)).toBeLessThanOrEqual(before);
          // Matched at its asked price (the resting order fills as the maker): never more exposure,
          // so a fill needs no funds check.
          expect(oddsExposure(runners, [...bets, bet], others)).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it('withUnmatchedOddsBet then marketExposure agrees with oddsExposure', () => {
    fc.assert(
      fc.property(matchedBets, restingBets, (bets, unmatched) => {
        let position: OddsPosition = { kind: 'odds', runnerIds: runners, bets };
        for (const bet of unmatched) position = withUnmatchedOddsBet(position, bet);
        expect(marketExposure(position)).toBe(oddsExposure(runners, bets, unmatched));
      }),
    );
  });
});
