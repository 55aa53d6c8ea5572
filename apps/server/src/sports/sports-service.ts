import {
  eventHubGroup,
  oddsPush,
  pageGroup,
  SPORT_KEYS,
  SPORT_NAMES,
  type SportEvent,
  type SportId,
  type SportTree,
} from '@backlay/contract';
import type { HubLogger, HubSender } from '../realtime';
import type { EventOdds, FeedEvent, MarketFeed } from '@backlay/market-feed';
import { ListPrices } from './list-prices';
import type { MarketClosure, MarketClosures } from './market-closures';
import type { MarketStore } from './market-store';
import { hubPushesOf, toOddsSnapshotMessage, toSportEvent } from './feed/wire';

const byLiveThenStart = (a: SportEvent, b: SportEvent) =>
  Number(b.status === 'IN_PLAY') - Number(a.status === 'IN_PLAY') || a.startTime.localeCompare(b.startTime);

/**
 * Serves the feed's picture to clients: lists and odds read from the feed's memory (no database on
 * the hot path), every odds change pushed to the event page's hub group, a fresh snapshot to a
 * connection as it joins a page, and fixtures written to the database for bets and history.
 * Markets closed by hand (`closures`) are left out of every odds answer and push, on every server.
 * A mirrored feed whose owner falls silent reads every market SUSPENDED (`feed.stale()`); each
 * server then tells its own connections on event pages, and again when the feed is fresh.
 */
export class SportsService {
  private readonly unsubscribe: (() => void)[] = [];
  /** The best match-odds prices of the lists of events, and their pushes (list-prices.ts). */
  readonly listPrices: ListPrices;

  constructor(
    readonly feed: MarketFeed,
    private readonly store: MarketStore,
    private readonly hub: HubSender,
    private readonly log: HubLogger,
    private readonly closures: MarketClosures,
    /** Whether this process owns the feed and pushes odds to the hub (one process per deployment does). */
    private readonly pushOdds = true,
  ) {
    this.listPrices = new ListPrices(feed, hub, log, (eventId) => this.odds(eventId), { pushes: pushOdds });
  }

  start(): void {
    const persist = (p: Promise<void>) =>
      p.catch((err: unknown) => this.log.error({ err }, 'saving a fixture failed'));
    this.unsubscribe.push(
      this.feed.on('fixtureAdded', (e) => void persist(this.store.saveFixture(e.fixture))),
      this.feed.on('fixtureUpdated', (e) => void persist(this.store.saveFixture(e.fixture))),
      this.feed.on('fixtureRemoved', (e) => this.closures.forgetEvent(e.eventId)),
    );
    if (this.pushOdds) {
      this.unsubscribe.push(
        this.feed.subscribe((event) => {
          for (const push of hubPushesOf(this.withoutClosed(event))) {
            this.hub.sendToGroup(push.group, oddsPush(push.data)).catch((err: unknown) => {
              this.log.warn({ err, code: push.code }, 'odds push not delivered');
            });
          }
        }),
      );
    }
    const offStale = this.feed.onStaleChange?.((stale) => this.staleChanged(stale));
    if (offStale) this.unsubscribe.push(offStale);
    this.unsubscribe.push(this.closures.onClosed((closure) => this.takeOff(closure)));
    // Closures read from the database at start-up: a restarted feed may quote those markets again.
    for (const closure of this.closures.all()) this.takeOff(closure);
    // A connection that arrives on an event page gets the whole picture at once.
    this.unsubscribe.push(
      this.hub.onHeartbeat(async (e) => {
        if (!e.group || e.group === e.previousGroup) return;
        const eventId = Number(e.group.slice(pageGroup('').length));
        if (!Number.isSafeInteger(eventId) || e.group !== eventHubGroup(eventId)) return;
        const odds = this.odds(eventId);
        if (odds) {
          await this.hub.sendToConnection(e.connectionId, oddsPush(toOddsSnapshotMessage(odds)));
        }
        const scoreCard = this.feed.scoreCard(eventId);
        if (scoreCard) {
          await this.hub.sendToConnection(e.connectionId, oddsPush({ kind: 'scoreCard', scoreCard }));
        }
      }),
    );
    for (const f of this.feed.fixtures()) void persist(this.store.saveFixture(f));
    this.listPrices.start();
  }

  stop(): void {
    this.listPrices.stop();
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** The event's markets on offer: the feed's open ones, less those closed by hand. */
  odds(eventId: number): EventOdds | undefined {
    const odds = this.feed.odds(eventId);
    return odds && this.closures.offered(odds);
  }

  /**
   * A change as clients may see it: a market closed by hand leaves it, unless the feed is closing it
   * too (that CLOSED copy takes it off their books). The change itself still goes out, emptied if
   * need be, so the versions clients hold stay in step.
   */
  private withoutClosed(event: FeedEvent): FeedEvent {
    if (event.type !== 'oddsChanged') return event;
    const markets = event.markets.filter((m) => m.status === 'CLOSED' || !this.closures.has(m.id));
    return markets.length === event.markets.length ? event : { ...event, markets };
  }

  /**
   * A market closed by hand comes off the feed, whose CLOSED change then travels like any other (to
   * the hub, and to the servers mirroring this feed). Only the owner's feed can do it (a mirror
   * cannot); when the owner's feed cannot either, the event's page gets a fresh picture without it.
   */
  private takeOff(closure: MarketClosure): void {
    const market = this.feed.market(closure.marketId);
    if (!market || market.status === 'CLOSED') return;
    if (this.feed.closeMarket?.(closure.marketId, closure.result)) return;
    if (!this.pushOdds) return;
    const odds = this.odds(market.eventId);
    if (!odds) return;
    this.hub
      .sendToGroup(eventHubGroup(market.eventId), oddsPush(toOddsSnapshotMessage(odds)))
      .catch((err: unknown) => {
        this.log.warn({ err, marketId: closure.marketId }, 'odds snapshot after a closure not delivered');
      });
  }

  /**
   * The feed went stale or fresh: every event page connected to this server gets a snapshot with
   * its markets as they read now (all SUSPENDED, or back to the feed's status). Only this server's
   * connections: the owner that would push through the backplane may be the one that is down, and
   * every server makes the same change, so a shared push would arrive once per server.
   */
  private staleChanged(stale: boolean): void {
    if (stale) this.log.warn({}, 'the market feed is silent: every market is suspended');
    else this.log.info({}, 'the market feed is live again: markets are back to their feed status');
    for (const fixture of this.feed.fixtures()) {
      const odds = this.odds(fixture.eventId);
      if (!odds) continue;
      this.hub
        .sendToLocalGroup(eventHubGroup(fixture.eventId), oddsPush(toOddsSnapshotMessage(odds)))
        .catch((err: unknown) => {
          this.log.warn(
            { err, eventId: fixture.eventId },
            'odds snapshot after a feed status change not delivered',
          );
        });
    }
  }

  /** Listed events: in play and upcoming. */
  events(): SportEvent[] {
    return this.feed
      .fixtures()
      .filter((f) => f.status !== 'CLOSED')
      .map(toSportEvent)
      .sort(byLiveThenStart);
  }

  tree(inPlayOnly = false): SportTree[] {
    const bySport = new Map<number, SportTree>();
    for (const e of this.events()) {
      if (inPlayOnly && e.status !== 'IN_PLAY') continue;
      const entry = bySport.get(e.sportId) ?? {
        id: e.sportId,
        // The family's lower-case name (a V1 client filters by it); the label people read beside it.
        name: SPORT_KEYS[e.sportId as SportId],
        displayName: e.sportName,
        order: e.sportId,
        events: [],
      };
      entry.events.push(e);
      bySport.set(e.sportId, entry);
    }
    return [...bySport.values()].sort((a, b) => a.order - b.order);
  }

  bySport(query: { sportName?: string | undefined; sportId?: number | undefined }): SportEvent[] {
    const name = query.sportName?.toLowerCase().replace(/\s+/g, '');
    return this.events().filter(
      (e) =>
        (query.sportId === undefined || e.sportId === query.sportId) &&
        (name === undefined || SPORT_NAMES[e.sportId as SportId].toLowerCase().replace(/\s+/g, '') === name),
    );
  }

  closest(
    query: { sportId?: number | undefined; limit: number; withinMinutes?: number | undefined },
    now = Date.now(),
  ): SportEvent[] {
    const horizon = query.withinMinutes === undefined ? Infinity : now + query.withinMinutes * 60_000;
    return this.events()
      .filter((e) => e.status === 'UPCOMING' && (query.sportId === undefined || e.sportId === query.sportId))
      .filter((e) => Date.parse(e.startTime) <= horizon)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .slice(0, query.limit);
  }
}
