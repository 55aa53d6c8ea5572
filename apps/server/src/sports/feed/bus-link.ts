import type { ScoreCard } from '@backlay/contract';
import type { Bus } from '../../platform/bus';
import type {
  EventOdds,
  FeedEvent,
  FeedFixture,
  FeedMarket,
  FeedState,
  MarketFeed,
  StatefulFeed,
} from '@backlay/market-feed';
import { FeedEventSource } from '@backlay/market-feed';
import { FeedFreshness, startHeartbeat, type HeartbeatMessage, type HeartbeatOptions } from './heartbeat';

/*
 * Carrying a feed over the bus: one process runs the feed and publishes what happens; every other
 * process mirrors it. Messages are numbered per publisher, so a mirror that misses one (or sees a
 * new publisher after a restart) asks for the whole state again instead of drifting. The publisher
 * beats every couple of seconds (heartbeat.ts); a mirror that hears nothing in step for longer than
 * the threshold reads every open market as SUSPENDED until it does again.
 */

export const FEED_CHANNELS = {
  /** Batches of feed events: { publisher, seq, events }. */
  events: 'feed:events',
  /** The whole state: { publisher, seq, state }, sent on start and whenever a mirror asks. */
  state: 'feed:state',
  /** A mirror asking for the state: { requester }. */
  sync: 'feed:sync',
  /** The publisher alive: { publisher, seq } every couple of seconds, seq its last events message. */
  heartbeat: 'feed:heartbeat',
} as const;

interface EventsMessage {
  publisher: string;
  seq: number;
  events: FeedEvent[];
}
interface StateMessage {
  publisher: string;
  seq: number;
  state: FeedState;
}

export interface FeedPublisher {
  stop(): Promise<void>;
}

export interface FeedLinkLog {
  warn(message: string, detail?: Record<string, unknown>): void;
}
const silent: FeedLinkLog = { warn: () => undefined };

/**
 * Publishes every event of `source` on the bus, one message per burst (a simulator step), answers
 * state requests, and beats every `heartbeat.everyMs` (default 2 s) so mirrors know it is alive.
 * `publisherId` must differ between processes (a random id is fine).
 */
export async function publishFeed(
  source: StatefulFeed,
  bus: Bus,
  publisherId: string,
  log: FeedLinkLog = silent,
  heartbeat: Pick<HeartbeatOptions, 'everyMs'> = {},
): Promise<FeedPublisher> {
  let seq = 0;
  let pending: FeedEvent[] = [];
  let stopped = false;
  const send = (channel: string, body: unknown) => {
    bus.publish(channel, JSON.stringify(body)).catch((error: unknown) => {
      log.warn('feed publish failed', { channel, error: String(error) });
    });
  };
  const flush = () => {
    if (pending.length === 0 || stopped) return;
    seq += 1;
    const message: EventsMessage = { publisher: publisherId, seq, events: pending };
    pending = [];
    send(FEED_CHANNELS.events, message);
  };
  const publishState = () => {
    flush();
    const message: StateMessage = { publisher: publisherId, seq, state: source.state() };
    send(FEED_CHANNELS.state, message);
  };
  const unsubscribeSource = source.subscribe((event) => {
    if (pending.length === 0) queueMicrotask(flush);
    pending.push(event);
  });
  const unsubscribeSync = await bus.subscribe(FEED_CHANNELS.sync, () => {
    if (!stopped) publishState();
  });
  publishState();
  const stopBeating = startHeartbeat(() => {
    if (stopped) return;
    // Pending events go first, so the seq a mirror reads here is one it has been sent.
    flush();
    const message: HeartbeatMessage = { publisher: publisherId, seq };
    send(FEED_CHANNELS.heartbeat, message);
  }, heartbeat.everyMs);
  return {
    async stop() {
      flush();
      stopped = true;
      stopBeating();
      unsubscribeSource();
      await unsubscribeSync();
    },
  };
}

/**
 * The consumer side: a MarketFeed rebuilt from the bus. It serves reads from its copy and re-emits
 * the publisher's events to local listeners in order. While its publisher is silent past the
 * heartbeat threshold (or it cannot get back in step) it is stale: every open market reads as
 * SUSPENDED, and `onStaleChange` listeners hear when that starts and ends.
 */
export class FeedMirror extends FeedEventSource implements MarketFeed {
  private readonly bus: Bus;
  private readonly id: string;
  private readonly log: FeedLinkLog;
  private readonly retryMs: number;
  private fixturesById = new Map<number, FeedFixture>();
  private oddsById = new Map<number, EventOdds>();
  private marketsById = new Map<string, FeedMarket>();
  private scoreCards = new Map<number, ScoreCard>();
  private publisher: string | undefined;
  private seq = 0;
  private synced = false;
  private unsubscribers: (() => Promise<void>)[] = [];
  private retry: ReturnType<typeof setInterval> | undefined;
  private readonly freshness: FeedFreshness;

  constructor(
    bus: Bus,
    options: { id: string; log?: FeedLinkLog; retryMs?: number; heartbeat?: HeartbeatOptions },
  ) {
    super();
    this.bus = bus;
    this.id = options.id;
    this.log = options.log ?? silent;
    this.retryMs = options.retryMs ?? 3000;
    this.freshness = new FeedFreshness(options.heartbeat);
    this.freshness.onChange((stale) => {
      if (stale) {
        this.log.warn('feed publisher silent; markets suspended until it is heard again', {
          silentForMs: this.freshness.silentForMs(),
        });
      }
    });
  }

  /** Subscribes and asks for the state; resolves once subscribed (not necessarily synced). */
  async begin(): Promise<void> {
    this.unsubscribers.push(
      await this.bus.subscribe(FEED_CHANNELS.state, (payload) => this.onState(payload)),
      await this.bus.subscribe(FEED_CHANNELS.events, (payload) => this.onEvents(payload)),
      await this.bus.subscribe(FEED_CHANNELS.heartbeat, (payload) => this.onHeartbeat(payload)),
    );
    this.freshness.start();
    this.requestSync();
    this.retry = setInterval(() => {
      if (!this.synced) this.requestSync();
    }, this.retryMs);
    this.retry.unref?.();
  }

  /** True once a state has arrived and no message has been missed since. */
  isSynced(): boolean {
    return this.synced;
  }

  /** True while the publisher has not been heard in step for longer than the heartbeat threshold. */
  stale(): boolean {
    return this.freshness.isStale();
  }

  onStaleChange(listener: (stale: boolean) => void): () => void {
    return this.freshness.onChange(listener);
  }

  // ---- MarketFeed

  start(): void {
    void this.begin();
  }

  stop(): void {
    void this.end();
  }

  async end(): Promise<void> {
    if (this.retry) clearInterval(this.retry);
    this.retry = undefined;
    this.freshness.stop();
    const list = this.unsubscribers;
    this.unsubscribers = [];
    await Promise.all(list.map((u) => u()));
  }

  fixtures(): FeedFixture[] {
    return [...this.fixturesById.values()].sort((a, b) => a.startTime - b.startTime || a.eventId - b.eventId);
  }

  fixture(eventId: number): FeedFixture | undefined {
    return this.fixturesById.get(eventId);
  }

  odds(eventId: number): EventOdds | undefined {
    const odds = this.oddsById.get(eventId);
    return odds && this.stale() ? { ...odds, markets: odds.markets.map(suspend) } : odds;
  }

  market(marketId: string): FeedMarket | undefined {
    const market = this.marketsById.get(marketId);
    return market && this.stale() ? suspend(market) : market;
  }

  scoreCard(eventId: number): ScoreCard | undefined {
    return this.scoreCards.get(eventId);
  }

  // ---- bus side

  private requestSync(): void {
    this.bus.publish(FEED_CHANNELS.sync, JSON.stringify({ requester: this.id })).catch((error: unknown) => {
      this.log.warn('feed sync request failed', { error: String(error) });
    });
  }

  private onState(payload: string): void {
    const message = parse<StateMessage>(payload);
    if (!message) return;
    // Any state is a full picture: take it when out of step, or when it is newer than what we hold.
    if (this.synced && message.publisher === this.publisher && message.seq <= this.seq) return;
    this.publisher = message.publisher;
    this.seq = message.seq;
    this.fixturesById = new Map(message.state.fixtures.map((f) => [f.eventId, f]));
    this.oddsById = new Map(message.state.odds.map((o) => [o.eventId, o]));
    this.marketsById = new Map(message.state.odds.flatMap((o) => o.markets.map((m) => [m.id, m] as const)));
    this.scoreCards = new Map(message.state.scoreCards.map((s) => [s.eventId, s]));
    this.synced = true;
    this.freshness.heard();
  }

  /** Another process publishes the feed now (the owner restarted or moved): resynchronise. */
  private publisherChanged(publisher: string): boolean {
    if (publisher === this.publisher) return false;
    this.log.warn('feed publisher changed; resynchronising', { from: this.publisher, to: publisher });
    this.outOfStep();
    return true;
  }

  private onHeartbeat(payload: string): void {
    const message = parse<HeartbeatMessage>(payload);
    // Out of step, the retry timer is asking for the state already; a beat proves nothing then.
    if (!message || !this.synced) return;
    if (this.publisherChanged(message.publisher)) return;
    if (message.seq > this.seq) {
      this.log.warn('feed messages missed; resynchronising', { held: this.seq, published: message.seq });
      this.outOfStep();
      return;
    }
    this.freshness.heard();
  }

  private onEvents(payload: string): void {
    const message = parse<EventsMessage>(payload);
    if (!message || !this.synced) return;
    if (this.publisherChanged(message.publisher)) return;
    if (message.seq <= this.seq) return;
    if (message.seq !== this.seq + 1) {
      this.log.warn('feed messages missed; resynchronising', { expected: this.seq + 1, got: message.seq });
      this.outOfStep();
      return;
    }
    this.seq = message.seq;
    this.freshness.heard();
    for (const event of message.events) {
      this.apply(event);
      this.emit(event);
    }
  }

  private outOfStep(): void {
    this.synced = false;
    this.requestSync();
  }

  private apply(event: FeedEvent): void {
    switch (event.type) {
      case 'fixtureAdded':
        this.fixturesById.set(event.fixture.eventId, event.fixture);
        this.oddsById.set(event.fixture.eventId, event.odds);
        for (const market of event.odds.markets) this.marketsById.set(market.id, market);
        this.scoreCards.set(event.fixture.eventId, event.scoreCard);
        break;
      case 'fixtureUpdated':
        this.fixturesById.set(event.fixture.eventId, event.fixture);
        break;
      case 'oddsChanged': {
        const held = this.oddsById.get(event.eventId);
        const open = new Map((held?.markets ?? []).map((m) => [m.id, m]));
        for (const market of event.markets) {
          this.marketsById.set(market.id, market);
          if (market.status === 'CLOSED') open.delete(market.id);
          else open.set(market.id, market);
        }
        this.oddsById.set(event.eventId, {
          eventId: event.eventId,
          version: event.version,
          at: event.at,
          markets: [...open.values()],
        });
        if (event.fixture) this.fixturesById.set(event.eventId, event.fixture);
        break;
      }
      case 'scoreCard':
        this.scoreCards.set(event.eventId, event.scoreCard);
        break;
      case 'fixtureRemoved': {
        this.fixturesById.delete(event.eventId);
        this.oddsById.delete(event.eventId);
        this.scoreCards.delete(event.eventId);
        for (const [id, market] of this.marketsById)
          if (market.eventId === event.eventId) this.marketsById.delete(id);
        break;
      }
      default:
        break;
    }
  }
}

/** An open market as a stale mirror shows it: suspended, its last prices kept for the eye. */
function suspend(market: FeedMarket): FeedMarket {
  return market.status === 'OPEN' ? { ...market, status: 'SUSPENDED' } : market;
}

function parse<T>(payload: string): T | undefined {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return undefined;
  }
}
