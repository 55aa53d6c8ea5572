import type { Bet, BetResult, MarketInfo } from './bets';
import type { StakeLimits } from './money';

export type GameId = 'teen-patti-2020' | 'andar-bahar' | 'dragon-tiger' | 'lucky-7' | 'dice';

/** What every game gives the verification page: how many floats a round takes and what they make. */
export interface FairGame<O> {
  readonly id: GameId;
  readonly name: string;
  /** The round reads floats 0 … floatsPerRound − 1 of its (serverSeed, clientSeed, nonce) stream. */
  readonly floatsPerRound: number;
  outcome(floats: readonly number[]): O;
}

/** For the UI: the game's markets with their odds and rules, and the table's limits. */
export interface GameDescription<M extends string> {
  readonly id: GameId;
  readonly name: string;
  readonly rules: readonly string[];
  readonly markets: readonly MarketInfo<M>[];
  readonly limits: StakeLimits;
}

/** A card game of shared rounds with fixed-odds markets. */
export interface FixedOddsGame<M extends string, O> extends FairGame<O> {
  readonly markets: readonly MarketInfo<M>[];
  describe(limits?: StakeLimits): GameDescription<M>;
  /** Checks a bet before it is accepted (market, stake within the limits): throws a GamesError. */
  validateBet(bet: unknown, limits?: StakeLimits): asserts bet is Bet<M>;
  settle(bets: readonly Bet<M>[], outcome: O): BetResult<M>[];
}
