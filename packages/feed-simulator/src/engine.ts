import type { MarketResult, MarketType, RunnerStatus } from '@backlay/contract';
import { wholeRupees, type Paise } from '@backlay/exchange';
import type {
  EventOdds,
  ExchangeMarket,
  ExchangeRunner,
  FeedEvent,
  FeedFixture,
  FeedLimits,
  FeedMarket,
  FeedSport,
  PriceLevel,
  RateLevel,
  RateRunner,
} from '@backlay/market-feed';
import { exchangePrices, fancyLine, ratePrices, type Margins } from '@backlay/market-feed';
/** How often a book is re-quoted between moves of its game, in play and before the start. */
export const DEFAULT_QUOTE_ACTIVITY = { inPlay: 0.35, preMatch: 0.05 };

export { runnerIdOf } from './ids';
import type { ModelMarketView, ModelResult, ModelRunner, SportModel } from './model';
import { marketIdOf, runnerIdOf } from './ids';
import type { Rng } from './prng';

function exchangeMarket(market: FeedMarket): ExchangeMarket | null {
  return market.type === 'MATCH_ODDS' || market.type === 'OVER_UNDER' || market.type === 'WIN'
    ? market
    : null;
}

/** A runner's prices held by hand over the model's (`EventEngine.holdPrices`). */
interface HeldRunner {
  back: PriceLevel[];
  lay: PriceLevel[];
}

/** Static facts of a fixture; status and score come from the model. */
export type FixtureInfo = Omit<FeedFixture, 'status' | 'score'>;

/** In-play bet delay by sport and market type (exchange-math 'Placing a bet' step 2). */
function betDelayMs(sport: FeedSport, type: MarketType, inPlay: boolean): number {
  if (!inPlay) return 0;
  if (type === 'BOOKMAKER' || type === 'TOSS' || type === 'FANCY') return 0;
  switch (sport) {
    case 'cricket':
    case 'football':
    case 'kabaddi':
      return 5000;
    case 'tennis':
      return 3000;
    case 'horseRacing':
      return 1000;
  }
}

/** Stake limits in whole rupees: [min stake, max stake, max profit]. */
const LIMITS: Record<FeedSport, Partial<Record<MarketType, [number, number, number]>>> = {
  cricket: {
    MATCH_ODDS: [100, 500_000, 2_500_000],
    BOOKMAKER: [100, 500_000, 2_500_000],
    FANCY: [100, 50_000, 200_000],
    TOSS: [100, 100_000, 100_000],
  },
  football: { MATCH_ODDS: [100, 200_000, 1_000_000], OVER_UNDER: [100, 100_000, 500_000] },
  tennis: { MATCH_ODDS: [100, 100_000, 500_000] },
  kabaddi: { MATCH_ODDS: [100, 50_000, 200_000] },
  horseRacing: { WIN: [100, 50_000, 500_000] },
};

function limitsFor(sport: FeedSport, type: MarketType): FeedLimits {
  const [min, max, profit] = LIMITS[sport][type] ?? [100, 50_000, 200_000];
  return { minStake: wholeRupees(min), maxStake: wholeRupees(max), maxProfit: wholeRupees(profit) };
}

/**
 * Margins by market type: a liquid exchange book sits a tick or so either side of fair (about 101–104%
 * on the back side); the bookmaker quotes a point or two apart; the toss is the dearest.
 */
function marginsFor(type: MarketType): Margins {
  if (type === 'BOOKMAKER') return { back: 0.01, lay: 0 };
  if (type === 'TOSS') return { back: 0.02, lay: 0 };
  return { back: 0.01, lay: 0 };
}

export interface EngineOptions {
  info: FixtureInfo;
  model: SportModel;
  rng: Rng;
  /** Typical money at the best price of a liquid market, in rupees. */
  liquidity: number;
  /** Chance a step re-quotes a market when the game has not moved: in play, and before. */
  activity?: { inPlay: number; preMatch: number };
}

/**
 * One fixture's markets: prices them from the model, numbers every change with the event's version,
 * and turns model decisions into feed events.
 */
export class EventEngine {
  readonly eventId: number;
  readonly sport: FeedSport;
  private readonly info: FixtureInfo;
  private readonly model: SportModel;
  private readonly rng: Rng;
  private readonly liquidity: number;
  private readonly activity: { inPlay: number; preMatch: number };
  private version = 0;
  private changedAt: number;
  private marketSeq = 0;
  private readonly byKey = new Map<string, FeedMarket>();
  /** Sentiment per market and runner, in log-odds: prices wander a little around the model. */
  private readonly sentiment = new Map<string, number[]>();
  private current: FeedFixture;
  private scoreSeen = -1;
  /**
   * Prices set by hand (a development control, `holdPrices`), shown instead of the model's for
   * their runners until `until`. The model's own books stay underneath, untouched: the draws and
   * the replay of a stored world do not depend on them.
   */
  private readonly held = new Map<string, { until: number; runners: Map<number, HeldRunner> }>();

  constructor(options: EngineOptions, now: number) {
    this.info = options.info;
    this.eventId = options.info.eventId;
    this.sport = options.info.sport;
    this.model = options.model;
    this.rng = options.rng;
    this.liquidity = options.liquidity;
    this.activity = options.activity ?? DEFAULT_QUOTE_ACTIVITY;
    this.changedAt = now;
    this.current = this.fixtureNow();
    for (const view of this.model.markets(now)) {
      if (view.result) continue;
      this.byKey.set(view.key, this.build(view, undefined));
    }
    this.scoreSeen = this.model.scoreVersion();
  }

  fixture(): FeedFixture {
    return this.current;
  }

  odds(): EventOdds {
    return {
      eventId: this.eventId,
      version: this.version,
      at: this.changedAt,
      markets: [...this.byKey.values()].filter((m) => m.status !== 'CLOSED').map((m) => this.shown(m)),
    };
  }

  /** Every market ever offered, closed ones included. */
  allMarkets(): FeedMarket[] {
    return [...this.byKey.values()].map((m) => this.shown(m));
  }

  /**
   * Shows `back` and `lay` for one runner of an open exchange market instead of the model's
   * prices until `until` (simulated time), whatever the model quotes meanwhile; answers the change
   * that carries them (one `oddsChanged`). The model's prices come back with a change at the first
   * step at or after `until`. Throws for a market or runner it does not have, or one not on the
   * exchange, or closed.
   */
  holdPrices(
    marketId: string,
    runnerId: number,
    prices: { back: PriceLevel[]; lay: PriceLevel[] },
    until: number,
    now: number,
  ): FeedEvent {
    const entry = [...this.byKey.entries()].find(([, m]) => m.id === marketId);
    if (!entry) throw new Error(`market ${marketId} is not in event ${this.eventId}`);
    const [key, market] = entry;
    const exchange = exchangeMarket(market);
    if (!exchange) throw new Error(`market ${marketId} is not an exchange market`);
    if (market.status === 'CLOSED') throw new Error(`market ${marketId} is closed`);
    if (!exchange.runners.some((r) => r.id === runnerId)) {
      throw new Error(`runner ${runnerId} is not in market ${marketId}`);
    }
    const hold = this.held.get(marketId) ?? { until, runners: new Map<number, HeldRunner>() };
    hold.until = until;
    hold.runners.set(runnerId, {
      back: prices.back.map((l) => ({ ...l })),
      lay: prices.lay.map((l) => ({ ...l })),
    });
    this.held.set(marketId, hold);
    const prevVersion = this.version;
    this.version += 1;
    this.changedAt = now;
    // A copy: a market object once emitted is never changed under its listeners.
    const bumped = { ...market, version: this.version };
    this.byKey.set(key, bumped);
    return {
      type: 'oddsChanged',
      at: now,
      eventId: this.eventId,
      version: this.version,
      prevVersion,
      markets: [this.shown(bumped)],
    };
  }

  /** A market as listeners see it: with the prices held by hand over the model's, while open. */
  private shown(market: FeedMarket): FeedMarket {
    const hold = this.held.get(market.id);
    if (!hold || market.status === 'CLOSED') return market;
    const exchange = exchangeMarket(market);
    if (!exchange) return market;
    return {
      ...exchange,
      runners: exchange.runners.map((r): ExchangeRunner => {
        const held = hold.runners.get(r.id);
        return held ? { ...r, back: held.back, lay: held.lay } : r;
      }),
    };
  }

  scoreCard(now: number) {
    return this.model.scoreCard(this.eventId, now);
  }

  finished(): boolean {
    return this.current.status === 'CLOSED';
  }

  /**
   * Closes one market from outside (the operator's result): one change carrying it CLOSED. Closed
   * markets are never quoted again, so the model's own result for it later goes nowhere.
   */
  closeMarket(marketId: string, result: MarketResult, now: number): FeedEvent[] {
    for (const [key, market] of this.byKey) {
      if (market.id !== marketId) continue;
      if (market.status === 'CLOSED') return [];
      const prevVersion = this.version;
      this.version += 1;
      this.changedAt = now;
      this.held.delete(marketId);
      const closed = closeMarket(market, result);
      closed.version = this.version;
      this.byKey.set(key, closed);
      return [
        {
          type: 'oddsChanged',
          at: now,
          eventId: this.eventId,
          version: this.version,
          prevVersion,
          markets: [closed],
        },
      ];
    }
    return [];
  }

  /** Plays the model to `now` and answers what changed, in order. */
  step(now: number): FeedEvent[] {
    if (this.finished()) return [];
    this.model.advance(now);
    const events: FeedEvent[] = [];
    const before = this.current;
    const after = this.fixtureNow();
    const fixtureChanged = before.status !== after.status || before.score !== after.score;
    this.current = after;

    const changes = new Map<string, FeedMarket>();
    const statusEvents: { key: string; previous: FeedMarket['status'] }[] = [];
    // Books are re-quoted when the game moves, and otherwise now and then (often in play, rarely
    // before): that is how busy a real book looks, and it keeps the simulator cheap.
    const gameMoved = fixtureChanged || this.model.scoreVersion() !== this.scoreSeen;
    const activity = after.status === 'IN_PLAY' ? this.activity.inPlay : this.activity.preMatch;
    for (const view of this.model.markets(now)) {
      const old = this.byKey.get(view.key);
      if (old?.status === 'CLOSED') continue;
      const quiet = old && old.status === view.status && !view.result && !gameMoved;
      if (quiet && !this.rng.chance(activity)) continue;
      const next = this.build(view, old);
      if (old && sameMarket(old, next)) continue;
      changes.set(view.key, next);
      if (old && old.status !== next.status) statusEvents.push({ key: view.key, previous: old.status });
    }
    // Prices held by hand whose time is up: the model's prices are shown again, with a change.
    for (const [marketId, hold] of this.held) {
      if (hold.until > now) continue;
      this.held.delete(marketId);
      for (const [key, market] of this.byKey) {
        if (market.id === marketId && market.status !== 'CLOSED' && !changes.has(key)) {
          changes.set(key, { ...market });
        }
      }
    }
    if (after.status === 'CLOSED') {
      // A finished event leaves nothing open: anything the model did not decide is void.
      for (const [key, market] of this.byKey) {
        const latest = changes.get(key) ?? market;
        if (latest.status !== 'CLOSED') changes.set(key, closeMarket(latest, VOID_AT_END));
      }
      for (const [key, market] of changes) {
        if (market.status !== 'CLOSED') changes.set(key, closeMarket(market, VOID_AT_END));
      }
    }
    const changed = [...changes.values()];

    if (fixtureChanged) events.push({ type: 'fixtureUpdated', at: now, fixture: after });
    if (changed.length > 0 || fixtureChanged) {
      const prevVersion = this.version;
      this.version += 1;
      this.changedAt = now;
      for (const [key, market] of changes) {
        market.version = this.version;
        this.byKey.set(key, market);
      }
      events.push({
        type: 'oddsChanged',
        at: now,
        eventId: this.eventId,
        version: this.version,
        prevVersion,
        markets: changed.map((m) => this.shown(m)),
        ...(fixtureChanged ? { fixture: after } : {}),
      });
      for (const { key, previous } of statusEvents) {
        const market = changes.get(key);
        if (!market || market.status === 'CLOSED') continue;
        events.push({
          type: 'marketStatus',
          at: now,
          eventId: this.eventId,
          marketId: market.id,
          status: market.status,
          previous,
          version: this.version,
        });
      }
      for (const market of changed) {
        if (market.status === 'CLOSED' && market.result) {
          events.push({
            type: 'marketClosed',
            at: now,
            eventId: this.eventId,
            marketId: market.id,
            result: market.result,
            version: this.version,
          });
        }
      }
    }
    const scoreVersion = this.model.scoreVersion();
    if (scoreVersion !== this.scoreSeen) {
      this.scoreSeen = scoreVersion;
      events.push({ type: 'scoreCard', at: now, eventId: this.eventId, scoreCard: this.scoreCard(now) });
    }
    if (after.status === 'CLOSED') events.push({ type: 'fixtureFinished', at: now, eventId: this.eventId });
    return events;
  }

  private fixtureNow(): FeedFixture {
    const score = this.model.score();
    return { ...this.info, status: this.model.status(), ...(score === undefined ? {} : { score }) };
  }

  private build(view: ModelMarketView, old: FeedMarket | undefined): FeedMarket {
    const inPlay = this.current.status === 'IN_PLAY';
    const base = {
      id: old?.id ?? this.newMarketId(),
      eventId: this.eventId,
      name: view.name,
      status: view.result ? ('CLOSED' as const) : view.status,
      inPlay,
      betDelayMs: betDelayMs(this.sport, view.type, inPlay),
      limits: limitsFor(this.sport, view.type),
      version: old?.version ?? 0,
    };
    const runners = view.runners ?? [];
    const result = view.result ? toResult(view.result, runners) : undefined;
    const withResult = result ? { result } : {};

    if (view.type === 'FANCY') {
      const fancy = view.fancy ?? { mean: 0, floor: 0 };
      const keepLine = old?.type === 'FANCY' && view.status !== 'OPEN';
      // While a ball is running or the market is suspended the shown line stays where it was.
      const line = keepLine
        ? { noLine: old.noLine, noRate: old.noRate, yesLine: old.yesLine, yesRate: old.yesRate }
        : fancyLine(fancy.mean, fancy.floor);
      return { ...base, type: 'FANCY', ...line, ...withResult };
    }

    const removed = view.removed ?? runners.map(() => false);
    const runnerStatus = (i: number, key: string): RunnerStatus => {
      if (removed[i]) return 'REMOVED';
      if (view.result?.kind === 'winner') return view.result.runnerKey === key ? 'WINNER' : 'LOSER';
      return 'ACTIVE';
    };
    const priced = !view.result;
    const activeIdx = runners.map((_, i) => i).filter((i) => !removed[i]);
    const probabilities = this.withSentiment(view, activeIdx);

    if (view.type === 'BOOKMAKER' || view.type === 'TOSS') {
      const rates = priced ? ratePrices(probabilities, marginsFor(view.type)) : [];
      const oldRunners = old && (old.type === 'BOOKMAKER' || old.type === 'TOSS') ? old.runners : [];
      const rateRunners: RateRunner[] = runners.map((r, i) => {
        const at = activeIdx.indexOf(i);
        const rate = at >= 0 ? rates[at] : undefined;
        const prev = oldRunners[i];
        const back: RateLevel[] = rate
          ? [{ rate: rate.backRate, size: this.size(prev?.back[0], rate.backRate, 0, 3) }]
          : [];
        const lay: RateLevel[] = rate
          ? [{ rate: rate.layRate, size: this.size(prev?.lay[0], rate.layRate, 0, 3) }]
          : [];
        return {
          id: runnerIdOf(r.name),
          name: r.name,
          sortPriority: i + 1,
          status: runnerStatus(i, r.key),
          back,
          lay,
        };
      });
      return { ...base, type: view.type, runners: rateRunners, ...withResult };
    }

    const type = view.type === 'WIN' || view.type === 'OVER_UNDER' ? view.type : 'MATCH_ODDS';
    const prices = priced ? exchangePrices(probabilities, marginsFor(view.type)) : [];
    const oldRunners: ExchangeRunner[] =
      old && (old.type === 'MATCH_ODDS' || old.type === 'OVER_UNDER' || old.type === 'WIN')
        ? old.runners
        : [];
    const exchangeRunners: ExchangeRunner[] = runners.map((r, i) => {
      const at = activeIdx.indexOf(i);
      const book = at >= 0 ? prices[at] : undefined;
      const prev = oldRunners[i];
      const side = (
        ps: readonly number[] | undefined,
        prevLevels: readonly PriceLevel[] | undefined,
      ): PriceLevel[] =>
        (ps ?? []).map((price, level) => ({
          price: price as PriceLevel['price'],
          size: this.size(
            prevLevels?.find((l) => l.price === price),
            price,
            level,
            1,
          ),
        }));
      return {
        id: runnerIdOf(r.name),
        name: r.name,
        sortPriority: i + 1,
        status: runnerStatus(i, r.key),
        back: side(book?.back, prev?.back),
        lay: side(book?.lay, prev?.lay),
      };
    });
    return { ...base, type, runners: exchangeRunners, ...withResult };
  }

  /** The model's probabilities for the active runners, nudged by a slowly wandering sentiment. */
  private withSentiment(view: ModelMarketView, activeIdx: readonly number[]): number[] {
    const probs = activeIdx.map((i) => view.probabilities?.[i] ?? 0);
    if (view.result || probs.length === 0) return probs;
    let drift = this.sentiment.get(view.key);
    if (!drift || drift.length !== probs.length) {
      drift = probs.map(() => 0);
      this.sentiment.set(view.key, drift);
    }
    if (this.rng.chance(0.3)) {
      for (let i = 0; i < drift.length; i++)
        drift[i] = 0.85 * (drift[i] as number) + 0.03 * this.rng.normal();
    }
    const weighted = probs.map((p, i) => p * Math.exp(drift[i] as number));
    const total = weighted.reduce((a, b) => a + b, 0);
    return total > 0 ? weighted.map((w) => w / total) : probs;
  }

  /**
   * Money waiting at a level: unchanged most of the time while the price stays, otherwise a fresh
   * amount, growing with depth and shrinking for long prices.
   */
  private size(prev: { size: Paise } | undefined, price: number, level: number, scale: number): Paise {
    if (prev && !this.rng.chance(0.2)) return prev.size;
    const longshot = Math.min(1, 300 / Math.max(price, 101));
    const rupees = Math.max(
      2,
      Math.round(this.liquidity * scale * longshot * (0.15 + 0.85 * this.rng.next()) * (1 + 0.8 * level)),
    );
    return wholeRupees(rupees);
  }

  private newMarketId(): string {
    this.marketSeq += 1;
    return marketIdOf(this.eventId, this.marketSeq);
  }
}

const VOID_AT_END: MarketResult = { kind: 'void', reason: 'Event ended without a result' };

function toResult(result: ModelResult, runners: readonly ModelRunner[]): MarketResult {
  if (result.kind !== 'winner') return result;
  const winner = runners.find((r) => r.key === result.runnerKey);
  if (!winner) throw new Error(`winner ${result.runnerKey} is not a runner`);
  return { kind: 'winner', runnerId: runnerIdOf(winner.name) };
}

function closeMarket(market: FeedMarket, result: MarketResult): FeedMarket {
  if (market.type === 'FANCY') return { ...market, status: 'CLOSED', result };
  return {
    ...market,
    status: 'CLOSED',
    result,
    runners: market.runners.map((r) => ({ ...r, back: [], lay: [] })),
  } as FeedMarket;
}

function sameLevels(
  a: readonly { size: number; price?: number; rate?: number }[],
  b: readonly { size: number; price?: number; rate?: number }[],
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as (typeof a)[number];
    const y = b[i] as (typeof b)[number];
    if (x.price !== y.price || x.rate !== y.rate || x.size !== y.size) return false;
  }
  return true;
}

/** Equal in everything a client sees (the version aside). Hot: runs for every market every step. */
function sameMarket(a: FeedMarket, b: FeedMarket): boolean {
  if (
    a.type !== b.type ||
    a.status !== b.status ||
    a.inPlay !== b.inPlay ||
    a.betDelayMs !== b.betDelayMs ||
    a.name !== b.name ||
    JSON.stringify(a.result) !== JSON.stringify(b.result)
  ) {
    return false;
  }
  if (a.type === 'FANCY' || b.type === 'FANCY') {
    return (
      a.type === 'FANCY' &&
      b.type === 'FANCY' &&
      a.noLine === b.noLine &&
      a.noRate === b.noRate &&
      a.yesLine === b.yesLine &&
      a.yesRate === b.yesRate
    );
  }
  const ra: readonly (ExchangeRunner | RateRunner)[] = a.runners;
  const rb: readonly (ExchangeRunner | RateRunner)[] = b.runners;
  if (ra.length !== rb.length) return false;
  for (let i = 0; i < ra.length; i++) {
    const x = ra[i] as ExchangeRunner | RateRunner;
    const y = rb[i] as ExchangeRunner | RateRunner;
    if (x.id !== y.id || x.status !== y.status || x.name !== y.name) return false;
    if (!sameLevels(x.back, y.back) || !sameLevels(x.lay, y.lay)) return false;
  }
  return true;
}
