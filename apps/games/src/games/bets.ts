import { GamesError } from '../errors';
import {
  assertStake,
  DEFAULT_LIMITS,
  formatOdds,
  returnAtOdds,
  SETTLEMENT_BOUNDS,
  type Hundredths,
  type Paise,
  type StakeLimits,
} from './money';

/** A bet on one market of a round. */
export interface Bet<M extends string = string> {
  /** The provider's transaction id: unique within a round. */
  readonly id: string;
  readonly market: M;
  readonly stake: Paise;
}

/**
 * - won: the market's odds paid in full;
 * - lost: nothing back;
 * - push: the stake back (e.g. Teen Patti's tie);
 * - half-lost: half the stake back, floored (Dragon Tiger's Dragon/Tiger on a tie).
 */
export type BetStatus = 'won' | 'lost' | 'push' | 'half-lost';

export interface BetResult<M extends string = string> {
  readonly id: string;
  readonly market: M;
  readonly stake: Paise;
  readonly status: BetStatus;
  /** What the wallet credits back: 0 when lost, never negative. */
  readonly payout: Paise;
  /** payout − stake: the player's result, never below −stake. */
  readonly net: number;
}

/** A market as the UI shows it. */
export interface MarketInfo<M extends string = string> {
  readonly market: M;
  readonly label: string;
  readonly odds: Hundredths;
  /** "1.98", for display without float formatting. */
  readonly oddsText: string;
  readonly rule: string;
}

export function marketInfo<M extends string>(
  market: M,
  label: string,
  odds: number,
  rule: string,
): MarketInfo<M> {
  return { market, label, odds: odds as Hundredths, oddsText: formatOdds(odds as Hundredths), rule };
}

export function assertBet<M extends string>(
  bet: unknown,
  markets: readonly MarketInfo<M>[],
  limits: StakeLimits = DEFAULT_LIMITS,
): asserts bet is Bet<M> {
  if (typeof bet !== 'object' || bet === null) throw new GamesError('INVALID_BET', 'a bet is an object');
  const { id, market, stake } = bet as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) {
    throw new GamesError('INVALID_BET', 'a bet needs an id of 1 to 128 characters');
  }
  if (!markets.some((m) => m.market === market)) {
    throw new GamesError(
      'UNKNOWN_MARKET',
      `unknown market ${JSON.stringify(market)}: one of ${markets.map((m) => m.market).join(', ')}`,
    );
  }
  assertStake(stake, limits);
}

/** Refuses a round's bets if any is invalid or two share an id, before anything is paid. */
export function assertBets<M extends string>(
  bets: readonly unknown[],
  markets: readonly MarketInfo<M>[],
  limits?: StakeLimits,
): asserts bets is readonly Bet<M>[] {
  const seen = new Set<string>();
  for (const bet of bets) {
    assertBet(bet, markets, limits);
    if (seen.has(bet.id)) throw new GamesError('INVALID_BET', `two bets share the id ${bet.id}`);
    seen.add(bet.id);
  }
}

/** The result of a bet given how its market resolved. */
export function resultOf<M extends string>(bet: Bet<M>, odds: Hundredths, status: BetStatus): BetResult<M> {
  const payout =
    status === 'won'
      ? returnAtOdds(bet.stake, odds)
      : status === 'push'
        ? bet.stake
        : status === 'half-lost'
          ? ((bet.stake - Math.ceil(bet.stake / 2)) as Paise)
          : (0 as Paise);
  return { id: bet.id, market: bet.market, stake: bet.stake, status, payout, net: payout - bet.stake };
}

/**
 * Settles a fixed-odds round: validates every bet first, then asks the game how each market
 * resolved. `limits` is not checked again here on purpose: a bet accepted under the table's limits
 * must settle even if the limits changed while the round ran.
 */
export function settleFixedOdds<M extends string>(
  bets: readonly Bet<M>[],
  markets: readonly MarketInfo<M>[],
  statusOf: (market: M) => BetStatus,
): BetResult<M>[] {
  assertBets(bets, markets, SETTLEMENT_BOUNDS);
  return bets.map((bet) =>
    resultOf(bet, markets.find((m) => m.market === bet.market)!.odds, statusOf(bet.market)),
  );
}
