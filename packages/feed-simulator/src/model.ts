import type { EventStatus, MarketType, ScoreCard } from '@backlay/contract';
import type { FeedSport } from '@backlay/market-feed';

/*
 * What a sport model tells the engine. The model knows the game (score, clock, who is likely to
 * win); the engine turns that into priced, versioned markets. Models draw randomness only from the
 * Rng they are given and read time only from the `now` they are passed.
 */

export type ModelResult =
  { kind: 'winner'; runnerKey: string } | { kind: 'runs'; runs: number } | { kind: 'void'; reason: string };

export interface ModelRunner {
  key: string;
  name: string;
}

export interface ModelMarketView {
  /** Stable within the event ('mo', 'ou-2.5', 'fancy-6-1'). */
  key: string;
  type: MarketType;
  name: string;
  status: 'OPEN' | 'SUSPENDED' | 'BALL_RUNNING';
  /** Exchange, bookmaker and toss markets. */
  runners?: readonly ModelRunner[];
  /** True win probabilities per runner (0 for a removed runner). */
  probabilities?: readonly number[];
  removed?: readonly boolean[];
  /** Fancy: the expected runs total, and the fewest runs still possible. */
  fancy?: { mean: number; floor: number };
  /** Present once decided: the engine closes the market. */
  result?: ModelResult;
}

export interface SportModel {
  readonly sport: FeedSport;
  /** Plays the game forward to `now`. */
  advance(now: number): void;
  status(): EventStatus;
  /** Every market the model offers now, including ones it has just decided (with a result). */
  markets(now: number): ModelMarketView[];
  score(): string | undefined;
  scoreCard(eventId: number, now: number): ScoreCard;
  /** Rises whenever the scorecard changes in a way worth pushing. */
  scoreVersion(): number;
}
