import {
  listPricesPush,
  pageGroup,
  priceListGroupBy,
  priceListHubGroup,
  priceListOfSport,
  PriceListSchema,
  type EventPrices,
  type ListRunnerPrice,
  type PriceList,
} from '@backlay/contract';
import type { EventOdds, FeedFixture, MarketFeed } from '@backlay/market-feed';
import type { HubLogger, HubSender } from '../realtime';
import { sportIdOf, toWireMarket } from './feed/wire';

/** How often the changed prices of the lists go out: at most one push a list per interval. */
export const LIST_PRICES_PUSH_MS = 1000;

const isDraw = (name: string) => /\bdraw\b/i.test(name);

/**
 * An event's match odds as a list row shows them (EventPricesSchema): the best back and lay of each
 * runner, home, the draw, away when there is a draw (1 X 2), else by sortPriority. Undefined when
 * the event has no match odds on offer (a race's win market, a closed market).
 */
export function eventPricesOf(odds: EventOdds | undefined): EventPrices | undefined {
  const feedMarket = odds?.markets.find((m) => m.type === 'MATCH_ODDS' && m.status !== 'CLOSED');
  if (!odds || !feedMarket) return undefined;
  const wire = toWireMarket(feedMarket);
  if (wire.group !== 'matchOdds') return undefined;
  const market = wire.market;
  const sorted = [...market.runners].sort((a, b) => a.sortPriority - b.sortPriority);
  const draw = sorted.find((r) => isDraw(r.name));
  const others = sorted.filter((r) => r !== draw);
  const ordered = draw && others.length === 2 ? [others[0], draw, others[1]] : sorted.slice(0, 3);
  const runners: ListRunnerPrice[] = ordered.flatMap((r) =>
    r ? [{ id: r.id, name: r.name, status: r.status, back: r.back[0] ?? null, lay: r.lay[0] ?? null }] : [],
  );
  return {
    eventId: odds.eventId,
    version: odds.version,
    marketId: market.id,
    marketName: market.name,
    status: market.status,
    inPlay: market.inPlay,
    betDelayMs: market.betDelayMs,
    minStake: market.minStake,
    maxStake: market.maxStake,
    runners,
  };
}

/** Whether a list shows an event: `all` every listed one, `inplay` the live ones, a sport its own. */
export function listHas(list: PriceList, fixture: FeedFixture): boolean {
  if (fixture.status === 'CLOSED') return false;
  if (list === 'all') return true;
  if (list === 'inplay') return fixture.status === 'IN_PLAY';
  return list === priceListOfSport(sportIdOf(fixture.sport));
}

/** The lists an event's row is on. */
function listsOf(fixture: FeedFixture): PriceList[] {
  const lists: PriceList[] = ['all', priceListOfSport(sportIdOf(fixture.sport))];
  if (fixture.status === 'IN_PLAY') lists.push('inplay');
  return lists;
}

const LIST_PREFIX = pageGroup(priceListGroupBy('' as PriceList));

/**
 * Prices in the lists of events. The list pages read `Odds/GetListPrices` and join their list's
 * hub group (GroupBy `prices:{list}`); a joining connection gets the whole list at once. The owner
 * of the feed marks the events whose odds changed and, once a second, pushes to each list's group
 * only the rows that changed since the last push (a price tick that comes and goes within the
 * second sends nothing), so a busy feed costs a list one message a second, not one a tick.
 */
export class ListPrices {
  private readonly dirty = new Set<number>();
  /** What each event's row last went out as, to push only real changes. */
  private readonly sent = new Map<number, { key: string; lists: PriceList[] }>();
  private readonly off: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly feed: MarketFeed,
    private readonly hub: HubSender,
    private readonly log: HubLogger,
    /** The event's odds on offer (markets closed by hand left out). */
    private readonly oddsOf: (eventId: number) => EventOdds | undefined,
    private readonly options: { pushes: boolean; intervalMs?: number } = { pushes: true },
  ) {}

  /** Every row of a list, in the order of the feed's fixtures. */
  snapshot(list: PriceList): EventPrices[] {
    const rows: EventPrices[] = [];
    for (const fixture of this.feed.fixtures()) {
      if (!listHas(list, fixture)) continue;
      const row = eventPricesOf(this.oddsOf(fixture.eventId));
      if (row) rows.push(row);
    }
    return rows;
  }

  start(): void {
    // A connection that arrives on a list page gets its list at once.
    this.off.push(
      this.hub.onHeartbeat(async (e) => {
        if (!e.group || e.group === e.previousGroup || !e.group.startsWith(LIST_PREFIX)) return;
        const parsed = PriceListSchema.safeParse(e.group.slice(LIST_PREFIX.length));
        if (!parsed.success) return;
        const list = parsed.data;
        await this.hub.sendToConnection(
          e.connectionId,
          listPricesPush({ list, snapshot: true, prices: this.snapshot(list), removed: [] }),
        );
      }),
    );
    const offStale = this.feed.onStaleChange?.(() => this.sendLocalSnapshots());
    if (offStale) this.off.push(offStale);
    if (!this.options.pushes) return;
    this.off.push(
      this.feed.subscribe((event) => {
        if ('eventId' in event) this.dirty.add(event.eventId);
        else if ('fixture' in event) this.dirty.add(event.fixture.eventId);
      }),
    );
    for (const fixture of this.feed.fixtures()) this.remember(fixture);
    this.timer = setInterval(() => this.flush(), this.options.intervalMs ?? LIST_PRICES_PUSH_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const off of this.off.splice(0)) off();
  }

  /** Pushes the rows that changed since the last push, one message a list. */
  flush(): void {
    if (this.dirty.size === 0) return;
    const changed = new Map<PriceList, EventPrices[]>();
    const removed = new Map<PriceList, number[]>();
    const add = <T>(map: Map<PriceList, T[]>, list: PriceList, value: T) => {
      const values = map.get(list) ?? [];
      values.push(value);
      map.set(list, values);
    };
    for (const eventId of this.dirty) {
      const fixture = this.feed.fixture(eventId);
      const row = fixture && fixture.status !== 'CLOSED' ? eventPricesOf(this.oddsOf(eventId)) : undefined;
      const before = this.sent.get(eventId);
      const lists = row && fixture ? listsOf(fixture) : [];
      const key = row ? JSON.stringify(row.runners) + row.status + String(row.inPlay) : '';
      if (row) this.sent.set(eventId, { key, lists });
      else this.sent.delete(eventId);
      for (const list of before?.lists ?? []) if (!lists.includes(list)) add(removed, list, eventId);
      if (!row) continue;
      for (const list of lists) {
        if (before?.key !== key || !before.lists.includes(list)) add(changed, list, row);
      }
    }
    this.dirty.clear();
    for (const list of new Set([...changed.keys(), ...removed.keys()])) {
      const push = listPricesPush({
        list,
        snapshot: false,
        prices: changed.get(list) ?? [],
        removed: removed.get(list) ?? [],
      });
      this.hub.sendToGroup(priceListHubGroup(list), push).catch((err: unknown) => {
        this.log.warn({ err, list }, 'list prices push not delivered');
      });
    }
  }

  private remember(fixture: FeedFixture): void {
    const row = fixture.status === 'CLOSED' ? undefined : eventPricesOf(this.oddsOf(fixture.eventId));
    if (row) {
      this.sent.set(fixture.eventId, {
        key: JSON.stringify(row.runners) + row.status + String(row.inPlay),
        lists: listsOf(fixture),
      });
    }
  }

  /**
   * The feed went stale or fresh: every list page connected to this server gets its list as it
   * reads now (each server makes the same change, so the push stays local, as the odds' does).
   */
  private sendLocalSnapshots(): void {
    const lists: PriceList[] = ['all', 'inplay'];
    for (const fixture of this.feed.fixtures()) {
      const list = priceListOfSport(sportIdOf(fixture.sport));
      if (!lists.includes(list)) lists.push(list);
    }
    for (const list of lists) {
      this.hub
        .sendToLocalGroup(
          priceListHubGroup(list),
          listPricesPush({ list, snapshot: true, prices: this.snapshot(list), removed: [] }),
        )
        .catch((err: unknown) => this.log.warn({ err, list }, 'list prices snapshot not delivered'));
    }
  }
}
