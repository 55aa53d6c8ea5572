import type { OddsSide } from './bets';
import { ExchangeError } from './errors';
import type { Hundredths } from './ladder';
import { ZERO_PAISE, addPaise, subPaise, type Paise } from './money';

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

/** One price level the feed offers: decimal odds in hundredths and the size available, in paise. */
export interface OfferedLevel {
  readonly price: Hundredths;
  readonly size: Paise;
}

/** Part of an order matched at one price (whole rupees). */
export interface Fill {
  readonly price: Hundredths;
  readonly stakePaise: Paise;
}

export interface MatchResult {
  /** Best price for the player first; one fill per distinct price; every stake whole rupees. */
  readonly fills: Fill[];
  /** What is left to rest at the asked price (whole rupees; 0 when fully matched). */
  readonly unmatchedPaise: Paise;
}

const RUPEE = 100;

function assertSide(side: OddsSide): void {
  if (side !== 'back' && side !== 'lay') {
    throw new ExchangeError('INVALID_BET', `side must be back or lay, got ${String(side)}`);
  }
}

function assertOdds(price: number, what: string): void {
  if (!Number.isSafeInteger(price) || price <= 100) {
    throw new ExchangeError(
      'INVALID_BET',
      `${what} must be odds above 1.00 in hundredths, got ${String(price)}`,
    );
  }
}

function assertWholeRupeeStake(stake: Paise): void {
  if (!Number.isSafeInteger(stake) || stake <= 0 || stake % RUPEE !== 0) {
    throw new ExchangeError(
      'INVALID_BET',
      `stake must be a positive whole number of rupees in paise, got ${String(stake)}`,
    );
  }
}

/** A level's size floored to whole rupees (a feed size may carry paise, or fractions of them). */
function wholeRupeeSize(level: OfferedLevel): Paise {
  const size: number = level.size;
  if (!Number.isFinite(size) || size < 0) {
    throw new ExchangeError(
      'INVALID_BET',
      `an offered size must be a non-negative number of paise, got ${String(size)}`,
    );
  }
  return (Math.floor(size / RUPEE) * RUPEE) as Paise;
}

/** True when `offered` is at least as good for the player as `asked`: higher for a back, lower for a lay. */
function atLeastAsGood(side: OddsSide, offered: number, asked: number): boolean {
  return side === 'back' ? offered >= asked : offered <= asked;
}

/** Levels checked, sized in whole rupees, and sorted best price for the player first (stable). */
function bestFirst(side: OddsSide, levels: readonly OfferedLevel[]): { price: Hundredths; size: Paise }[] {
  if (!Array.isArray(levels)) throw new ExchangeError('INVALID_BET', 'levels must be an array');
  const sized = levels.map((level) => {
    assertOdds(level.price, 'an offered price');
    return { price: level.price, size: wholeRupeeSize(level) };
  });
  return sized.sort((a, b) => (side === 'back' ? b.price - a.price : a.price - b.price));
}

/**
 * Matches an order on an exchange market against the levels the feed offers on the same side (for a
 * back the runner's back levels, for a lay its lay levels), level by level, best price for the player
 * first whatever the input order: a back takes the levels priced ≥ asked, highest first; a lay the
 * levels priced ≤ asked, lowest first; with `acceptAnyOdds` every level, best first. Each level's
 * size is floored to whole rupees and the fill is min(what remains, that size), at the level's price
 * (best execution). Levels at the same price count as one. Whatever is left is `unmatchedPaise`, to
 * rest at the asked price.
 *
 * The stake must be whole rupees, so every fill is whole rupees and x·(p − 1) stays exact paise. The
 * levels are not consumed: the feed's book is the counterparty (the mirror model), so the caller
 * passes the same levels for the next order.
 */
export function matchAgainstLevels(
  side: OddsSide,
  asked: Hundredths,
  stakePaise: Paise,
  levels: readonly OfferedLevel[],
  acceptAnyOdds = false,
): MatchResult {
  assertSide(side);
  assertOdds(asked, 'the asked price');
  assertWholeRupeeStake(stakePaise);
  const fills: Fill[] = [];
  let remaining = stakePaise;
  for (const level of bestFirst(side, levels)) {
    if (remaining === 0) break;
    if (!acceptAnyOdds && !atLeastAsGood(side, level.price, asked)) break;
    const take = Math.min(remaining, level.size) as Paise;
    if (take === 0) continue;
    remaining = subPaise(remaining, take);
    const last = fills[fills.length - 1];
    if (last !== undefined && last.price === level.price) {
      fills[fills.length - 1] = { price: last.price, stakePaise: addPaise(last.stakePaise, take) };
    } else {
      fills.push({ price: level.price, stakePaise: take });
    }
  }
  return { fills, unmatchedPaise: remaining };
}

/**
 * For an order resting at `asked` with `stakePaise` still unmatched: how much the feed's levels can
 * match now, i.e. the sum of the whole-rupee sizes at prices at least as good for the player as
 * `asked` (≥ for a back, ≤ for a lay), capped at the stake. The resting order was the maker, so what
 * it takes fills AT `asked`, not at the levels' prices. 0 when no level reaches it.
 */
export function restingFill(
  side: OddsSide,
  asked: Hundredths,
  stakePaise: Paise,
  levels: readonly OfferedLevel[],
): Paise {
  assertSide(side);
  assertOdds(asked, 'the asked price');
  assertWholeRupeeStake(stakePaise);
  let available = ZERO_PAISE;
  for (const level of bestFirst(side, levels)) {
    if (!atLeastAsGood(side, level.price, asked)) break;
    available = addPaise(available, level.size);
    if (available >= stakePaise) return stakePaise;
  }
  return available;
}
