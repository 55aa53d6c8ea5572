import type { OddsSide } from './bets';

/**
 * Best execution. A back at p needs a best back offered ≥ p and a lay at p a best lay offered ≤ p
 * (exchange-math 'Placing a bet'); when it is there, the bet is matched at that best price, which is
 * at least as good for the player as the one asked: a back at 1.09 while 1.12 is offered is matched
 * at 1.12, a lay at 1.84 while 1.80 is offered at 1.80. Prices are odds in hundredths or bookmaker
 * rates: on both a higher back and a lower lay are better for the player.
 *
 * Returns null when the best offered is worse than the price asked (or nothing is offered): the odds
 * changed. With `acceptAnyOdds` the best offered is taken whatever it is.
 */
export function executionPrice(
  side: OddsSide,
  asked: number,
  bestOffered: number | undefined,
  acceptAnyOdds = false,
): number | null {
  if (bestOffered === undefined) return null;
  if (acceptAnyOdds) return bestOffered;
  const atLeastAsGood = side === 'back' ? bestOffered >= asked : bestOffered <= asked;
  return atLeastAsGood ? bestOffered : null;
}
