import type { FeedEvent, FeedMarket, MarketFeed } from '@backlay/market-feed';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../platform/bus';
import type { LapseScope, OrderChange } from './order-service';
import { isExchangeType } from './positions';

/*
 * The feed owner's driver of the orders resting in the book (docs/exchange-matching.md): on every
 * change of an exchange market that holds resting orders it matches what the new prices reach, and
 * it lapses them when the market suspends or closes (all) or turns in play (persistence 'cancel').
 * The orders themselves change in `OrderService`, exactly once whoever calls; this file decides
 * when to call, one call at a time per market in this process, bursts of changes coalesced.
 */

/** What the driver asks of the orders (OrderService's side of it). */
export interface RestingOrderBook {
  matchResting(market: FeedMarket): Promise<OrderChange[]>;
  lapse(marketId: string, which: LapseScope, reason: string): Promise<OrderChange[]>;
  restingMarketIds(): Promise<string[]>;
}

/** The bus channel on which any server says an order now rests in a market. */
export const RESTING_CHANNEL = 'betting:resting';

/** An order rests in `marketId` (placed or edited, committed). */
export interface RestingNotice {
  marketId: string;
  /**
   * Whether the market was in play when the order was decided. An order decided before the turn
   * in play that committed after the feed owner saw the turn lapses now if its persistence is
   * 'cancel' (its market's turn has passed it by). Leave it out when unknown.
   */
  inPlay?: boolean;
  /**
   * The feed's odds version of the market the order was matched against (its resting part records
   * it). While the feed owner's market is still at that version, the order took all these prices
   * give it and every other resting order had its run at them: the owner only adds the market to
   * those it watches, and the next change matches it. Leave it out when unknown: then it looks.
   */
  version?: number;
}

/**
 * Tells the feed owner, on whichever server it runs, that an order now rests in a market, so it
 * matches it as soon as the prices reach it (and lapses it if the market suspended meanwhile). Call
 * after the commit of every placement or edit that left an unmatched part. Without the notice the
 * owner still finds the order by its periodic look at the book (`refreshMs`), only later.
 */
export class RestingNotices {
  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  announce(notice: RestingNotice): void {
    this.bus.publish(RESTING_CHANNEL, JSON.stringify(notice)).catch((err: unknown) => {
      this.log.warn({ err, marketId: notice.marketId }, 'telling the feed owner of a resting order failed');
    });
  }

  listen(handler: (notice: RestingNotice) => void): Promise<() => Promise<void>> {
    return this.bus.subscribe(RESTING_CHANNEL, (payload) => {
      const notice = parseNotice(payload);
      if (notice) handler(notice);
    });
  }
}

function parseNotice(payload: string): RestingNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<RestingNotice> | null;
    if (!value || typeof value.marketId !== 'string' || value.marketId.length === 0) return null;
    const notice: RestingNotice = { marketId: value.marketId };
    if (typeof value.inPlay === 'boolean') notice.inPlay = value.inPlay;
    if (typeof value.version === 'number' && Number.isSafeInteger(value.version))
      notice.version = value.version;
    return notice;
  } catch {
    return null;
  }
}

export interface RestingOrdersOptions {
  orders: RestingOrderBook;
  feed: MarketFeed;
  /** Sends the changes to their owners (BetChange), after their commit. */
  push: (changes: OrderChange[]) => Promise<void>;
  notices?: RestingNotices;
  log: FastifyBaseLogger;
  /** How often the markets holding resting orders are read again from the database. Default 5 s. */
  refreshMs?: number;
}

/** What a market's next run does: lapses first, then the match at the prices of that moment. */
interface Work {
  lapseAll: string | null;
  lapseInPlay: boolean;
  match: boolean;
}

interface Lane {
  pending: Work | null;
  running: Promise<void> | null;
}

const REASONS = {
  suspended: 'the market was suspended',
  closed: 'the market closed',
  inPlay: 'the market turned in play',
} as const;

/**
 * The driver, run by the feed owner only (like settlement's `attach`). Keeps the set of markets
 * holding resting orders: read from the database when it starts and every `refreshMs`, and kept
 * current by the `RestingNotices` of every server. Per market, one run at a time: a change that
 * arrives while a run is under way is folded into one more run after it, which reads the market's
 * prices as they are then.
 */
export class RestingOrders {
  private readonly resting = new Set<string>();
  /** The last in-play flag seen of every exchange market: a turn in play is false → true. */
  private readonly inPlay = new Map<string, boolean>();
  private readonly lanes = new Map<string, Lane>();
  private readonly refreshMs: number;
  private unsubscribeFeed: (() => void) | null = null;
  private unsubscribeNotices: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private refreshing: Promise<void> | null = null;
  /** Bumped at each market added: a refresh drops only markets added before it began. */
  private generation = 0;
  private readonly addedAt = new Map<string, number>();
  private stopped = false;

  constructor(private readonly options: RestingOrdersOptions) {
    this.refreshMs = options.refreshMs ?? 5000;
  }

  /**
   * Listens to the feed and the notices, and reads the markets holding resting orders (awaited: a
   * feed started afterwards, catching up, is heard with them known). Then reads them again every
   * `refreshMs`. The markets read here are looked at by `checkAll()`, once the feed has played on
   * to now: not at the prices of a feed that has not caught up yet.
   */
  async start(): Promise<void> {
    for (const fixture of this.options.feed.fixtures()) {
      for (const market of this.options.feed.odds(fixture.eventId)?.markets ?? []) {
        if (isExchangeType(market.type)) this.inPlay.set(market.id, market.inPlay);
      }
    }
    this.unsubscribeFeed = this.options.feed.subscribe((event) => this.onFeed(event));
    if (this.options.notices) {
      this.unsubscribeNotices = await this.options.notices.listen((notice) => this.onNotice(notice));
    }
    await this.refresh(false);
    this.timer = setInterval(() => void this.refresh(), this.refreshMs);
    this.timer.unref?.();
  }

  /** Stops listening and waits for the runs under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribeFeed?.();
    this.unsubscribeFeed = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.unsubscribeNotices?.().catch(() => undefined);
    this.unsubscribeNotices = null;
    await this.refreshing;
    await this.idle();
  }

  /** Resolves once no market has a run under way or waiting (tests, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.lanes.values()].flatMap((l) => (l.running ? [l.running] : []));
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  /** The markets this driver knows to hold resting orders. */
  markets(): string[] {
    return [...this.resting];
  }

  /**
   * Reads the markets holding resting orders from the database: a market new to the set gets a
   * run at once (the prices may reach it already, or its market suspended meanwhile); a market no
   * longer holding any leaves the set, unless it was added after the read began.
   */
  refresh(check = true): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const since = this.generation;
    this.refreshing = this.options.orders
      .restingMarketIds()
      .then(
        (ids) => {
          if (this.stopped) return;
          const now = new Set(ids);
          for (const id of ids) if (!this.resting.has(id)) this.add(id, check);
          for (const id of this.resting) {
            if (!now.has(id) && (this.addedAt.get(id) ?? 0) <= since && !this.lanes.has(id)) {
              this.resting.delete(id);
              this.addedAt.delete(id);
            }
          }
        },
        (err: unknown) => this.options.log.error({ err }, 'reading the markets with resting orders failed'),
      )
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** Looks at every market known to hold resting orders (the feed owner's start, once the feed is live). */
  checkAll(): void {
    if (this.stopped) return;
    for (const id of this.resting) this.check(id);
  }

  private add(marketId: string, check: boolean): void {
    this.generation += 1;
    this.resting.add(marketId);
    this.addedAt.set(marketId, this.generation);
    if (!this.inPlay.has(marketId)) {
      const market = this.options.feed.market(marketId);
      if (market) this.inPlay.set(marketId, market.inPlay);
    }
    if (check) this.check(marketId);
  }

  private onNotice(notice: RestingNotice): void {
    if (this.stopped) return;
    this.add(notice.marketId, false);
    const market = this.options.feed.market(notice.marketId);
    // Decided before the turn in play, committed after this server saw it: the turn passed it by.
    const missedTurn = notice.inPlay === false && market?.inPlay === true;
    // Still the prices the order was decided on: nothing new to match (see RestingNotice.version).
    // A look would read the market's whole book for each order that rests (issue 18: with 10 % of
    // 2,700 bets a second resting, 250 reads a second of every resting order of the market).
    if (!missedTurn && market?.status === 'OPEN' && market.version === notice.version) return;
    this.check(notice.marketId, missedTurn);
  }

  /** A run that looks at the market as it is now: lapse when it is suspended or closed, else match. */
  private check(marketId: string, lapseInPlay = false): void {
    const market = this.options.feed.market(marketId);
    if (!market) return; // a market the feed does not know: its orders wait for the operator
    if (market.status === 'CLOSED') this.schedule(marketId, { lapseAll: REASONS.closed });
    else if (market.status === 'SUSPENDED') this.schedule(marketId, { lapseAll: REASONS.suspended });
    else this.schedule(marketId, { lapseInPlay, match: true });
  }

  private onFeed(event: FeedEvent): void {
    if (this.stopped) return;
    if (event.type === 'fixtureAdded') {
      for (const market of event.odds.markets) {
        if (isExchangeType(market.type)) this.inPlay.set(market.id, market.inPlay);
      }
      return;
    }
    if (event.type === 'fixtureRemoved') {
      for (const id of this.inPlay.keys()) {
        if (this.options.feed.market(id) === undefined) this.inPlay.delete(id);
      }
      return;
    }
    if (event.type !== 'oddsChanged') return;
    for (const market of event.markets) {
      if (!isExchangeType(market.type)) continue;
      const wasInPlay = this.inPlay.get(market.id);
      if (market.status === 'CLOSED') this.inPlay.delete(market.id);
      else this.inPlay.set(market.id, market.inPlay);
      if (!this.resting.has(market.id)) continue;
      if (market.status === 'CLOSED') {
        this.schedule(market.id, { lapseAll: REASONS.closed });
      } else if (market.status === 'SUSPENDED') {
        this.schedule(market.id, { lapseAll: REASONS.suspended });
      } else {
        // BALL_RUNNING lapses nothing (and matches nothing: its prices are not on offer).
        this.schedule(market.id, { lapseInPlay: wasInPlay === false && market.inPlay, match: true });
      }
    }
  }

  private schedule(marketId: string, work: Partial<Work>): void {
    let lane = this.lanes.get(marketId);
    if (!lane) {
      lane = { pending: null, running: null };
      this.lanes.set(marketId, lane);
    }
    const pending = lane.pending ?? { lapseAll: null, lapseInPlay: false, match: false };
    lane.pending = {
      lapseAll: pending.lapseAll ?? work.lapseAll ?? null,
      lapseInPlay: pending.lapseInPlay || (work.lapseInPlay ?? false),
      match: pending.match || (work.match ?? false),
    };
    if (!lane.running) lane.running = this.drain(marketId, lane);
  }

  private async drain(marketId: string, lane: Lane): Promise<void> {
    // One tick first, so the changes of one feed step (one burst) make one run.
    await Promise.resolve();
    while (lane.pending && !this.stopped) {
      const work = lane.pending;
      lane.pending = null;
      try {
        await this.runOnce(marketId, work);
      } catch (err) {
        this.options.log.error({ err, marketId }, 'matching or lapsing resting orders failed');
      }
    }
    lane.running = null;
    if (this.lanes.get(marketId) === lane && !lane.pending) this.lanes.delete(marketId);
  }

  private async runOnce(marketId: string, work: Work): Promise<void> {
    const { orders, push } = this.options;
    if (work.lapseAll !== null) {
      await push(await orders.lapse(marketId, 'all', work.lapseAll));
      const market = this.options.feed.market(marketId);
      if (!market || market.status === 'CLOSED') {
        this.resting.delete(marketId);
        this.addedAt.delete(marketId);
        return;
      }
    } else if (work.lapseInPlay) {
      await push(await orders.lapse(marketId, 'in-play', REASONS.inPlay));
    }
    if (!work.match) return;
    // The prices of now, not of the change that asked for this run: a burst is matched once.
    const market = this.options.feed.market(marketId);
    if (!market || market.status !== 'OPEN' || this.options.feed.stale?.()) return;
    await push(await orders.matchResting(market));
  }
}
