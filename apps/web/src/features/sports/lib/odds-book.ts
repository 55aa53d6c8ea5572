import type { EventStatus, MarketGroup, OddsChangeMessage, OddsMarket, OddsV2 } from '@backlay/contract';

/** What applying a message did: a gap (or nothing held yet) means "fetch a fresh snapshot". */
export type ApplyOutcome = 'applied' | 'stale' | 'gap' | 'ignored';

export type MarketIds = Readonly<Record<MarketGroup, readonly string[]>>;

export interface EventLive {
  status: EventStatus | null;
  score: string | null;
}

const GROUPS: readonly MarketGroup[] = ['matchOdds', 'bookmaker', 'fancy', 'toss'];
const EMPTY_IDS: MarketIds = { matchOdds: [], bookmaker: [], fancy: [], toss: [] };

type Listener = () => void;

/**
 * The live odds of one event page, keyed by market. Listeners are per market, so a price cell
 * re-reads only its own market when that market changes and nothing else on the page renders;
 * the market list (ids by group) has its own listeners and changes only when markets open or close.
 *
 * Versions follow the contract: a change is applied only when its prevVersion is the held
 * version; anything else is a gap and the caller fetches a snapshot (Odds/GetUserOddsV2).
 */
export class OddsBook {
  eventId: number | null = null;
  version: number | null = null;
  private readonly markets = new Map<string, OddsMarket>();
  private ids: MarketIds = EMPTY_IDS;
  private live: EventLive = { status: null, score: null };
  private readonly marketListeners = new Map<string, Set<Listener>>();
  private readonly listListeners = new Set<Listener>();
  private readonly liveListeners = new Set<Listener>();

  /** Starts over for another event (or the same one after leaving it). */
  reset(eventId: number | null): void {
    this.eventId = eventId;
    this.version = null;
    const old = [...this.markets.keys()];
    this.markets.clear();
    this.ids = EMPTY_IDS;
    this.live = { status: null, score: null };
    for (const id of old) this.notifyMarket(id);
    this.notify(this.listListeners);
    this.notify(this.liveListeners);
  }

  /**
   * A whole picture. One older than what is held (a poll answer that raced pushed changes) is
   * stale and dropped; markets whose own version did not move keep their object, so their cells
   * stay still.
   */
  applySnapshot(odds: OddsV2): ApplyOutcome {
    if (odds.eventId !== this.eventId) return 'ignored';
    if (this.version !== null && odds.version < this.version) return 'stale';
    const next = new Map<string, OddsMarket>();
    const ids: Record<MarketGroup, string[]> = { matchOdds: [], bookmaker: [], fancy: [], toss: [] };
    for (const group of GROUPS) {
      for (const market of odds[group]) {
        if (market.status === 'CLOSED') continue;
        next.set(market.id, market);
        ids[group].push(market.id);
      }
    }
    const changed: string[] = [];
    for (const [id, market] of next) {
      const held = this.markets.get(id);
      if (held && held.version === market.version && held.status === market.status) continue;
      this.markets.set(id, market);
      changed.push(id);
    }
    for (const id of [...this.markets.keys()]) {
      if (!next.has(id)) {
        this.markets.delete(id);
        changed.push(id);
      }
    }
    this.version = odds.version;
    this.setIds(ids);
    for (const id of changed) this.notifyMarket(id);
    return 'applied';
  }

  /** A pushed change: applied only on top of the version it was made from. */
  applyChange(change: OddsChangeMessage): ApplyOutcome {
    if (change.eventId !== this.eventId) return 'ignored';
    if (this.version === null) return 'gap';
    if (change.version <= this.version) return 'stale';
    if (change.prevVersion !== this.version || change.version !== this.version + 1) return 'gap';
    this.version = change.version;
    let listChanged = false;
    const ids: Record<MarketGroup, string[]> = {
      matchOdds: [...this.ids.matchOdds],
      bookmaker: [...this.ids.bookmaker],
      fancy: [...this.ids.fancy],
      toss: [...this.ids.toss],
    };
    const touched: string[] = [];
    for (const group of GROUPS) {
      for (const market of change[group]) {
        touched.push(market.id);
        if (market.status === 'CLOSED') {
          if (this.markets.delete(market.id)) {
            ids[group] = ids[group].filter((id) => id !== market.id);
            listChanged = true;
          }
          continue;
        }
        if (!this.markets.has(market.id)) {
          ids[group].push(market.id);
          listChanged = true;
        }
        this.markets.set(market.id, market);
      }
    }
    if (listChanged) this.setIds(ids);
    if (change.event) {
      this.live = { status: change.event.status, score: change.event.score ?? this.live.score };
      this.notify(this.liveListeners);
    }
    for (const id of touched) this.notifyMarket(id);
    return 'applied';
  }

  getMarket = (id: string): OddsMarket | undefined => this.markets.get(id);
  getIds = (): MarketIds => this.ids;
  getLive = (): EventLive => this.live;
  get size(): number {
    return this.markets.size;
  }

  subscribeMarket(id: string, listener: Listener): () => void {
    let set = this.marketListeners.get(id);
    if (!set) {
      set = new Set();
      this.marketListeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.marketListeners.delete(id);
    };
  }

  subscribeIds = (listener: Listener): (() => void) => {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  };

  subscribeLive = (listener: Listener): (() => void) => {
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  };

  private setIds(ids: Record<MarketGroup, string[]>) {
    const same = GROUPS.every(
      (g) => ids[g].length === this.ids[g].length && ids[g].every((id, i) => id === this.ids[g][i]),
    );
    if (same) return;
    this.ids = ids;
    this.notify(this.listListeners);
  }

  private notifyMarket(id: string) {
    const set = this.marketListeners.get(id);
    if (set) this.notify(set);
  }

  private notify(set: Set<Listener>) {
    for (const listener of [...set]) listener();
  }
}

/** The book of the market page on screen (one event page at a time). */
export const oddsBook = new OddsBook();
