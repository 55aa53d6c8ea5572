import {
  eventHubGroup,
  ODDS_HUB_CODES,
  pageGroup,
  SPORT_NAMES,
  type SportEvent,
  type SportId,
  type SportTree,
} from '@backlay/contract';
import type { HubSender, HubLogger } from '../realtime/hub';
import type { MarketFeed } from './feed/adapter';
import type { MarketStore } from './market-store';
import { hubPushesOf, toOddsSnapshotMessage, toSportEvent } from './feed/wire';

const byLiveThenStart = (a: SportEvent, b: SportEvent) =>
  Number(b.status === 'IN_PLAY') - Number(a.status === 'IN_PLAY') || a.startTime.localeCompare(b.startTime);

/**
 * Serves the feed's picture to clients: lists and odds read from the feed's memory (no database on
 * the hot path), every odds change pushed to the event page's hub group, a fresh snapshot to a
 * connection as it joins a page, and fixtures written to the database for bets and history.
 */
export class SportsService {
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    readonly feed: MarketFeed,
    private readonly store: MarketStore,
    private readonly hub: HubSender,
    private readonly log: HubLogger,
    /** Whether this process pushes odds to the hub (one process per deployment does). */
    private readonly pushOdds = true,
  ) {}

  start(): void {
    const persist = (p: Promise<void>) =>
      p.catch((err: unknown) => this.log.error({ err }, 'saving a fixture failed'));
    this.unsubscribe.push(
      this.feed.on('fixtureAdded', (e) => void persist(this.store.saveFixture(e.fixture))),
      this.feed.on('fixtureUpdated', (e) => void persist(this.store.saveFixture(e.fixture))),
    );
    if (this.pushOdds) {
      this.unsubscribe.push(
        this.feed.subscribe((event) => {
          for (const push of hubPushesOf(event)) {
            void this.hub.sendToGroup(push.group, 'Message', { Code: push.code, Data: push.data });
          }
        }),
      );
    }
    // A connection that arrives on an event page gets the whole picture at once.
    this.unsubscribe.push(
      this.hub.onHeartbeat(async (e) => {
        if (!e.group || e.group === e.previousGroup) return;
        const eventId = Number(e.group.slice(pageGroup('').length));
        if (!Number.isSafeInteger(eventId) || e.group !== eventHubGroup(eventId)) return;
        const odds = this.feed.odds(eventId);
        if (odds) {
          await this.hub.sendToConnection(e.connectionId, 'Message', {
            Code: ODDS_HUB_CODES.snapshot,
            Data: toOddsSnapshotMessage(odds),
          });
        }
        const scoreCard = this.feed.scoreCard(eventId);
        if (scoreCard) {
          await this.hub.sendToConnection(e.connectionId, 'Message', {
            Code: ODDS_HUB_CODES.scoreCard,
            Data: { kind: 'scoreCard', scoreCard },
          });
        }
      }),
    );
    for (const f of this.feed.fixtures()) void persist(this.store.saveFixture(f));
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
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
        name: e.sportName,
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
