// fast-check generators shared by the property tests; not exported from the package.
import fc from 'fast-check';
import type { FancyBet, OddsBet } from '../bets';
import { LADDER, type Hundredths } from '../ladder';
import { paise, type Paise } from '../money';

export const RUNNERS = ['A', 'B', 'Draw'] as const;

export const ladderPrice = fc.integer({ min: 0, max: LADDER.length - 1 }).map((i) => LADDER[i] as Hundredths);

/** Whole-rupee stakes, as the wire allows: ₹1 to ₹5 lakh. */
export const wholeRupeeStake = fc.integer({ min: 1, max: 500_000 }).map((r) => paise(r * 100));

/** Stakes with paise, to exercise the house rounding. */
export const anyStake = fc.integer({ min: 1, max: 50_000_000 }).map((p) => paise(p));

export function oddsBet(stake: fc.Arbitrary<Paise> = wholeRupeeStake): fc.Arbitrary<OddsBet> {
  return fc.record({
    side: fc.constantFrom('back' as const, 'lay' as const),
    runnerId: fc.constantFrom(...RUNNERS),
    price: ladderPrice,
    stakePaise: stake,
  });
}

export function fancyBet(stake: fc.Arbitrary<Paise> = wholeRupeeStake): fc.Arbitrary<FancyBet> {
  return fc.record({
    side: fc.constantFrom('yes' as const, 'no' as const),
    line: fc.integer({ min: 0, max: 400 }),
    rate: fc.integer({ min: 1, max: 300 }),
    stakePaise: stake,
  });
}
