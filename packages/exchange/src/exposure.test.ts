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
  type MarketPosition,
} from './exposure';
import type { Hundredths } from './ladder';
import { paise, wholeRupees } from './money';
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
