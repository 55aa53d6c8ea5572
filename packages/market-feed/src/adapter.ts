import type {
  EventStatus,
  MarketResult,
  MarketStatus,
  MarketType,
  RunnerStatus,
  ScoreCard,
  SportKey,
} from '@backlay/contract';
import type { Hundredths, Paise } from '@backlay/exchange';

/*
 * The market feed as the server sees it. The simulator (@backlay/feed-simulator) implements it; a
 * real provider (Betfair stream, a B2B odds API) would implement the same interface, and so does the
 * server's consumer side that mirrors a feed published on the bus by another process.
 *
 * Units: prices are integer hundredths on the Betfair ladder (exchange markets), rates are whole
 * numbers per 100 (bookmaker, toss, fancy), money is integer paise, times are epoch milliseconds.
 */

/** A sport with events (casino has none). */
export type FeedSport = Exclude<SportKey, 'casino'>;

export interface FeedFixture {
  eventId: number;
  sport: FeedSport;
  title: string;
  competition: string;
  venue?: string;
  /** Home/first team or player; absent for races. */
  team1?: string;
  team2?: string;
  /** Scheduled start (a race's off time), epoch ms. */
  startTime: number;
  status: EventStatus;
  /** One line: "CSK 145/4 (16.2 ov)", "2-1 67'", "6-4 3-2 (30-15)". */
  score?: string;
}

export interface FeedLimits {
  minStake: Paise;
  maxStake: Paise;
  maxProfit: Paise;
}

export interface PriceLevel {
  price: Hundredths;
  size: Paise;
}
export interface RateLevel {
  rate: number;
  size: Paise;
}

interface RunnerBase {
  id: number;
  name: string;
  sortPriority: number;
  status: RunnerStatus;
}
/** Up to three levels a side, best first: back prices descending, lay prices ascending. */
export interface ExchangeRunner extends RunnerBase {
  back: PriceLevel[];
  lay: PriceLevel[];
}
export interface RateRunner extends RunnerBase {
  back: RateLevel[];
  lay: RateLevel[];
}

interface MarketBase {
  id: string;
  eventId: number;
  name: string;
  status: MarketStatus;
  inPlay: boolean;
  betDelayMs: number;
  limits: FeedLimits;
  /** The event's odds version at which this market last changed. */
  version: number;
  result?: MarketResult;
}
export interface ExchangeMarket extends MarketBase {
  type: Extract<MarketType, 'MATCH_ODDS' | 'OVER_UNDER' | 'WIN'>;
  runners: ExchangeRunner[];
}
export interface RateMarket extends MarketBase {
  type: Extract<MarketType, 'BOOKMAKER' | 'TOSS'>;
  runners: RateRunner[];
}
/** NO wins when runs < noLine; YES wins when runs ≥ yesLine. */
export interface FancyMarket extends MarketBase {
  type: 'FANCY';
  noLine: number;
  noRate: number;
  yesLine: number;
  yesRate: number;
}
export type FeedMarket = ExchangeMarket | RateMarket | FancyMarket;

/** An event's open markets at one version. */
export interface EventOdds {
  eventId: number;
  version: number;
  at: number;
  markets: FeedMarket[];
}

/** Everything a consumer needs to rebuild the feed's picture from scratch. */
export interface FeedState {
  at: number;
  fixtures: FeedFixture[];
  odds: EventOdds[];
  scoreCards: ScoreCard[];
}

export type FeedEvent =
  /** A new fixture with its opening markets (version 0 of its odds) and scorecard. */
  | { type: 'fixtureAdded'; at: number; fixture: FeedFixture; odds: EventOdds; scoreCard: ScoreCard }
  /** Status or score changed. */
  | { type: 'fixtureUpdated'; at: number; fixture: FeedFixture }
  /**
   * The markets of an event that changed (each whole, replacing the old copy), numbered: version is
   * prevVersion + 1 for every event. Closed markets appear once, with status CLOSED and their result.
   */
  | {
      type: 'oddsChanged';
      at: number;
      eventId: number;
      version: number;
      prevVersion: number;
      markets: FeedMarket[];
      fixture?: FeedFixture;
    }
  | {
      type: 'marketStatus';
      at: number;
      eventId: number;
      marketId: string;
      status: Exclude<MarketStatus, 'CLOSED'>;
      previous: MarketStatus;
      version: number;
    }
  | {
      type: 'marketClosed';
      at: number;
      eventId: number;
      marketId: string;
      result: MarketResult;
      version: number;
    }
  | { type: 'scoreCard'; at: number; eventId: number; scoreCard: ScoreCard }
  | { type: 'fixtureFinished'; at: number; eventId: number }
  /** Gone from the lists (some time after finishing); its markets are no longer served. */
  | { type: 'fixtureRemoved'; at: number; eventId: number };

export type FeedEventType = FeedEvent['type'];
export type FeedEventOf<T extends FeedEventType> = Extract<FeedEvent, { type: T }>;
export type FeedListener = (event: FeedEvent) => void;

export interface MarketFeed {
  start(): void;
  stop(): void;
  /** Current fixtures: upcoming, in play, and recently finished ones until they are removed. */
  fixtures(): FeedFixture[];
  fixture(eventId: number): FeedFixture | undefined;
  /** The event's markets that are not closed, or undefined for an unknown event. */
  odds(eventId: number): EventOdds | undefined;
  /** A market by id, closed ones included while their event is listed (for bet checks and settlement). */
  market(marketId: string): FeedMarket | undefined;
  scoreCard(eventId: number): ScoreCard | undefined;
  /**
   * Takes a market off the feed with a result the operator gave (settled or voided by hand): it
   * appears once more, CLOSED with that result, in an `oddsChanged`, and never again, whatever the
   * feed would have decided. No `marketClosed` follows: its settlement is under way already.
   * Answers false for a market it does not know or has closed already. A feed that cannot take a
   * market off (a mirror of another process's feed, a provider) leaves this out.
   */
  closeMarket?(marketId: string, result: MarketResult): boolean;
  /**
   * True while this feed knows its prices are frozen: a mirror whose publisher has gone silent past
   * the heartbeat threshold. Its open markets then read SUSPENDED and bets are refused until it is
   * fresh again. A feed that cannot tell leaves this out (it counts as fresh).
   */
  stale?(): boolean;
  /** Hears each change of `stale()`; returns the unsubscribe function. */
  onStaleChange?(listener: (stale: boolean) => void): () => void;
  /** Every event, in order; returns the unsubscribe function. */
  subscribe(listener: FeedListener): () => void;
  /** Events of one type. */
  on<T extends FeedEventType>(type: T, handler: (event: FeedEventOf<T>) => void): () => void;
}

/** What a feed run in this process must offer beyond MarketFeed: its whole state in one piece, to publish. */
export interface StatefulFeed extends MarketFeed {
  state(): FeedState;
}

/** The listeners every feed keeps: `subscribe`, `on` (one event type) and `emit` to them all in order. */
export abstract class FeedEventSource {
  private readonly listeners = new Set<FeedListener>();

  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<T extends FeedEventType>(type: T, handler: (event: FeedEventOf<T>) => void): () => void {
    return this.subscribe((event) => {
      if (event.type === type) handler(event as FeedEventOf<T>);
    });
  }

  protected emit(event: FeedEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** The sport ids the contract uses, for feeds that speak in sport keys. */
export function isFeedSport(value: string): value is FeedSport {
  return (
    value === 'football' ||
    value === 'tennis' ||
    value === 'cricket' ||
    value === 'kabaddi' ||
    value === 'horseRacing'
  );
}
