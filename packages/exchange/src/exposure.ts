import type { FancyBet, OddsBet, RunnerId } from './bets';
import { ExchangeError } from './errors';
import { ZERO_PAISE, addPaise, subPaise, type Paise } from './money';
import { fancyExposure, oddsExposure } from './pnl';

/** A customer's bets in one market, with what is needed to value them. */
export type MarketPosition =
  | {
      readonly kind: 'odds';
      readonly runnerIds: readonly RunnerId[];
      /** Matched bets (one per fill). */
      readonly bets: readonly OddsBet[];
      /** Resting (unmatched) parts of orders on an exchange market, at their asked prices. */
      readonly unmatched?: readonly OddsBet[];
    }
  | { readonly kind: 'fancy'; readonly bets: readonly FancyBet[] };

/** An odds market's position (match odds, bookmaker and the like). */
export type OddsPosition = Extract<MarketPosition, { kind: 'odds' }>;

/** The market's exposure; for odds with unmatched bets, the worst case of any of them matching. */
export function marketExposure(position: MarketPosition): Paise {
  return position.kind === 'odds'
    ? oddsExposure(position.runnerIds, position.bets, position.unmatched ?? [])
    : fancyExposure(position.bets);
}

/** The position with one more bet; the original is left untouched. */
export function withOddsBet(position: OddsPosition, bet: OddsBet): OddsPosition {
  return { ...position, bets: [...position.bets, bet] };
}

/** The position with one more unmatched (resting) bet; the original is left untouched. */
export function withUnmatchedOddsBet(position: OddsPosition, bet: OddsBet): OddsPosition {
  return { ...position, unmatched: [...(position.unmatched ?? []), bet] };
}

export function withFancyBet(
  position: Extract<MarketPosition, { kind: 'fancy' }>,
  bet: FancyBet,
): MarketPosition {
  return { ...position, bets: [...position.bets, bet] };
}

/** Account exposure: the plain sum of the markets' exposures. Markets never offset each other. */
export function accountExposure(marketExposures: Iterable<Paise>): Paise {
  let total = ZERO_PAISE;
  for (const exposure of marketExposures) {
    if (exposure < 0) throw new ExchangeError('INVALID_BET', 'a market exposure is never negative');
    total = addPaise(total, exposure);
  }
  return total;
}

/** Available to bet = balance − exposure (negative when the balance fell below the exposure). */
export function availableToBet(balance: Paise, exposure: Paise): Paise {
  return subPaise(balance, exposure);
}

export interface AcceptDecision {
  /** True exactly when available to bet after the bet is ≥ 0. */
  readonly accepted: boolean;
  readonly marketExposureBefore: Paise;
  readonly marketExposureAfter: Paise;
  readonly exposureAfter: Paise;
  readonly availableAfter: Paise;
}

/**
 * Whether a bet fits the account: `currentExposures` holds every market's exposure now (keyed by
 * market id, this market included or absent), `marketAfter` is this market's bets with the new one
 * added. As the spec says, the test is available ≥ 0 after the bet, even for a bet that lowers the
 * exposure. The caller must run this check and the insert as one atomic step per user.
 */
export function canAccept(
  balance: Paise,
  currentExposures: ReadonlyMap<string, Paise>,
  marketId: string,
  marketAfter: MarketPosition,
): AcceptDecision {
  const marketExposureBefore = currentExposures.get(marketId) ?? ZERO_PAISE;
  const marketExposureAfter = marketExposure(marketAfter);
  const others = [...currentExposures].filter(([id]) => id !== marketId).map(([, e]) => e);
  const exposureAfter = accountExposure([...others, marketExposureAfter]);
  const availableAfter = availableToBet(balance, exposureAfter);
  return {
    accepted: availableAfter >= 0,
    marketExposureBefore,
    marketExposureAfter,
    exposureAfter,
    availableAfter,
  };
}
