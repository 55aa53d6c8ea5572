import type { MarketResult, ScoreCard } from '@backlay/contract';
import { paise, type Hundredths } from '@backlay/exchange';
import type {
  EventOdds,
  ExchangeMarket,
  FancyMarket,
  FeedFixture,
  FeedMarket,
  MarketFeed,
  RateMarket,
} from '@backlay/market-feed';
import { FeedEventSource } from '@backlay/market-feed';

/*
 * A market feed whose prices a test (or the bet benchmark) sets by hand, for exact figures: the
 * simulator's prices move on their own. Prices are given as decimal odds and rates as whole numbers;
 * money (limits) in whole rupees.
 */

export interface RunnerPrices {
  id: number;
  name: string;
  /** Best first: backs descending, lays ascending (decimal odds, or rates for bookmaker/toss). */
  back?: number[];
  lay?: number[];
}

export interface MarketOptions {
  id: string;
  eventId: number;
  name?: string;
  inPlay?: boolean;
  betDelayMs?: number;
  /** Whole rupees. */
  minStake?: number;
  maxStake?: number;
  maxProfit?: number;
}

const SIZE = paise(10_000_000);

function base(o: MarketOptions, name: string) {
  return {
    id: o.id,
    eventId: o.eventId,
    name: o.name ?? name,
    status: 'OPEN' as const,
    inPlay: o.inPlay ?? false,
    betDelayMs: o.betDelayMs ?? 0,
    limits: {
      minStake: paise((o.minStake ?? 100) * 100),
      maxStake: paise((o.maxStake ?? 500_000) * 100),
      maxProfit: paise((o.maxProfit ?? 5_000_000) * 100),
    },
    version: 1,
  };
}

const hundredths = (odds: number) => Math.round(odds * 100) as Hundredths;

export function matchOddsMarket(o: MarketOptions & { runners: RunnerPrices[] }): ExchangeMarket {
  return {
    ...base(o, 'Match Odds'),
    type: 'MATCH_ODDS',
    runners: o.runners.map((r, i) => ({
      id: r.id,
      name: r.name,
      sortPriority: i,
      status: 'ACTIVE',
      back: (r.back ?? []).map((p) => ({ price: hundredths(p), size: SIZE })),
      lay: (r.lay ?? []).map((p) => ({ price: hundredths(p), size: SIZE })),
    })),
  };
}

export function bookmakerMarket(o: MarketOptions & { runners: RunnerPrices[] }): RateMarket {
  return {
    ...base(o, 'Bookmaker'),
    type: 'BOOKMAKER',
    runners: o.runners.map((r, i) => ({
      id: r.id,
      name: r.name,
      sortPriority: i,
      status: 'ACTIVE',
      back: (r.back ?? []).map((rate) => ({ rate, size: SIZE })),
      lay: (r.lay ?? []).map((rate) => ({ rate, size: SIZE })),
    })),
  };
}

export function fancyMarket(
  o: MarketOptions & { noLine: number; noRate: number; yesLine: number; yesRate: number },
): FancyMarket {
  return {
    ...base(o, o.name ?? 'Fancy'),
    type: 'FANCY',
    noLine: o.noLine,
    noRate: o.noRate,
    yesLine: o.yesLine,
    yesRate: o.yesRate,
  };
}

export function fixture(eventId: number, title = `Team ${eventId} v Team ${eventId + 1}`): FeedFixture {
  return {
    eventId,
    sport: 'cricket',
    title,
    competition: 'Test League',
    team1: title.split(' v ')[0],
    team2: title.split(' v ')[1],
    startTime: Date.UTC(2026, 10, 21, 12),
    status: 'IN_PLAY',
  };
}

export class TestFeed extends FeedEventSource implements MarketFeed {
  private readonly fixturesById = new Map<number, FeedFixture>();
  private readonly markets = new Map<string, FeedMarket>();
  private version = 1;

  start(): void {}
  stop(): void {}

  addFixture(f: FeedFixture): this {
    this.fixturesById.set(f.eventId, f);
    return this;
  }

  /** Adds or replaces a market (and its event, when new). */
  setMarket(market: FeedMarket): this {
    if (!this.fixturesById.has(market.eventId)) this.addFixture(fixture(market.eventId));
    this.markets.set(market.id, { ...market, version: ++this.version });
    return this;
  }

  /** Changes a market in place, e.g. `{ status: 'SUSPENDED' }` or new runners' prices. */
  update(marketId: string, patch: Partial<FeedMarket>): void {
    const market = this.markets.get(marketId);
    if (!market) throw new Error(`no market ${marketId}`);
    this.markets.set(marketId, { ...market, ...patch, version: ++this.version } as FeedMarket);
  }

  /** New prices for one runner of a match-odds or bookmaker market. */
  setPrices(marketId: string, runnerId: number, back: number[], lay: number[]): void {
    const market = this.markets.get(marketId);
    if (!market || market.type === 'FANCY') throw new Error(`no runner market ${marketId}`);
    const exchange = market.type !== 'BOOKMAKER' && market.type !== 'TOSS';
    const runners = market.runners.map((r) =>
      r.id !== runnerId
        ? r
        : {
            ...r,
            back: back.map((p) =>
              exchange ? { price: hundredths(p), size: SIZE } : { rate: p, size: SIZE },
            ),
            lay: lay.map((p) => (exchange ? { price: hundredths(p), size: SIZE } : { rate: p, size: SIZE })),
          },
    );
    this.update(marketId, { runners } as Partial<FeedMarket>);
  }

  /** Closes the market with a result and tells listeners, as a real feed does. */
  close(marketId: string, result: MarketResult): void {
    const market = this.markets.get(marketId);
    if (!market) throw new Error(`no market ${marketId}`);
    this.update(marketId, { status: 'CLOSED', result });
    this.emit({
      type: 'marketClosed',
      at: Date.now(),
      eventId: market.eventId,
      marketId,
      result,
      version: this.version,
    });
  }

  /** Tells listeners these markets of one event changed, numbered as a feed numbers each change. */
  emitChange(eventId: number, marketIds: string[]): void {
    const prevVersion = this.version;
    this.version += 1;
    const markets = marketIds.map((id) => {
      const market = this.markets.get(id);
      if (!market) throw new Error(`no market ${id}`);
      const changed = { ...market, version: this.version };
      this.markets.set(id, changed);
      return changed;
    });
    this.emit({ type: 'oddsChanged', at: Date.now(), eventId, version: this.version, prevVersion, markets });
  }

  fixtures(): FeedFixture[] {
    return [...this.fixturesById.values()];
  }
  fixture(eventId: number): FeedFixture | undefined {
    return this.fixturesById.get(eventId);
  }
  odds(eventId: number): EventOdds | undefined {
    if (!this.fixturesById.has(eventId)) return undefined;
    const markets = [...this.markets.values()].filter((m) => m.eventId === eventId && m.status !== 'CLOSED');
    return { eventId, version: this.version, at: Date.now(), markets };
  }
  market(marketId: string): FeedMarket | undefined {
    return this.markets.get(marketId);
  }
  scoreCard(): ScoreCard | undefined {
    return undefined;
  }
}
