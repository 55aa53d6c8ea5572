import { describe, expect, it } from 'vitest';
import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock, type FeedMarket } from '@backlay/market-feed';
import { createInProcessBus, type Bus } from '../../platform/bus';
import { FEED_CHANNELS, FeedMirror, publishFeed } from './bus-link';
import { FeedFreshness } from './heartbeat';
import { runFeed } from './run-feed';

const START = Date.UTC(2026, 10, 21, 14, 0);

/** Waits (by polling) until `check` holds; fails the test if it never does. */
async function eventually(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once everything published on the bus before it has been delivered. */
async function drain(bus: Bus): Promise<void> {
  let seen = false;
  const off = await bus.subscribe('test:drain', () => {
    seen = true;
  });
  await bus.publish('test:drain', 'x');
  await eventually(() => seen, 'the bus to drain');
  await off();
}

function world() {
  const clock = new ManualClock(START);
  return new SimulatedFeed({ clock, seed: 4, eventIdBase: 6_000_000 });
}

function openMarket(feed: {
  fixtures(): { eventId: number }[];
  odds(id: number): { markets: FeedMarket[] } | undefined;
}) {
  for (const f of feed.fixtures()) {
    const market = feed.odds(f.eventId)?.markets.find((m) => m.status === 'OPEN');
    if (market) return market;
  }
  throw new Error('no open market');
}

describe('FeedFreshness', () => {
  it('is stale until heard, fresh within the threshold, stale past it, and tells each change once', () => {
    const clock = new ManualClock(START);
    const freshness = new FeedFreshness({ staleAfterMs: 10_000, now: () => clock.now() });
    const changes: boolean[] = [];
    freshness.onChange((stale) => changes.push(stale));
    expect(freshness.isStale()).toBe(true);
    freshness.heard();
    expect(freshness.isStale()).toBe(false);
    clock.advance(10_000);
    expect(freshness.isStale()).toBe(false);
    clock.advance(1);
    expect(freshness.isStale()).toBe(true);
    expect(freshness.silentForMs()).toBe(10_001);
    freshness.heard();
    expect(freshness.isStale()).toBe(false);
    expect(changes).toEqual([false, true, false]);
  });
});

describe('the feed heartbeat over the bus', () => {
  it('a mirror whose publisher falls silent suspends every open market, and lifts it when a publisher is back', async () => {
    const bus = createInProcessBus();
    const feed = world();
    const silence = new ManualClock(START);
    let publisher = await publishFeed(feed, bus, 'pub-1', undefined, { everyMs: 10 });
    const mirror = new FeedMirror(bus, {
      id: 'm-1',
      heartbeat: { staleAfterMs: 10_000, checkEveryMs: 10, now: () => silence.now() },
    });
    const changes: boolean[] = [];
    mirror.onStaleChange((stale) => changes.push(stale));
    await mirror.begin();
    await eventually(() => mirror.isSynced(), 'the mirror to sync');
    const market = openMarket(mirror);
    expect(mirror.stale()).toBe(false);

    // Beats keep it fresh however long it runs, while they come.
    let beats = 0;
    const offBeats = await bus.subscribe(FEED_CHANNELS.heartbeat, () => {
      beats += 1;
    });
    for (let i = 0; i < 3; i++) {
      silence.advance(9_000);
      const seen = beats;
      await eventually(() => beats > seen, 'a heartbeat');
      expect(mirror.stale()).toBe(false);
    }
    await offBeats();

    // The owner goes down: nothing more is heard.
    await publisher.stop();
    await drain(bus);
    silence.advance(10_001);
    await eventually(() => changes.length === 2, 'the mirror to notice');
    expect(mirror.stale()).toBe(true);
    expect(mirror.market(market.id)?.status).toBe('SUSPENDED');
    expect(mirror.odds(market.eventId)?.markets.every((m) => m.status !== 'OPEN')).toBe(true);
    // The prices are kept for the eye, only the status changes.
    expect({ ...mirror.market(market.id), status: market.status }).toEqual(market);

    // A publisher starts again (a restarted owner): its state brings the mirror back in step.
    publisher = await publishFeed(feed, bus, 'pub-2', undefined, { everyMs: 10 });
    await eventually(() => changes.length === 3, 'the mirror to hear it');
    expect(changes).toEqual([false, true, false]);
    expect(mirror.stale()).toBe(false);
    expect(mirror.market(market.id)?.status).toBe('OPEN');
    await publisher.stop();
    await mirror.end();
    await bus.close();
  });

  it('a heartbeat numbered past what the mirror holds makes it ask for the state again', async () => {
    const bus = createInProcessBus();
    const feed = world();
    const publisher = await publishFeed(feed, bus, 'pub-1', undefined, { everyMs: 60_000 });
    const mirror = new FeedMirror(bus, { id: 'm-1' });
    await mirror.begin();
    await eventually(() => mirror.isSynced(), 'the mirror to sync');
    const asked: string[] = [];
    await bus.subscribe(FEED_CHANNELS.sync, (payload) => asked.push(payload));
    await bus.publish(FEED_CHANNELS.heartbeat, JSON.stringify({ publisher: 'pub-1', seq: 99 }));
    await eventually(() => asked.length > 0, 'a sync request');
    await eventually(() => mirror.isSynced(), 'the mirror to resync');
    await publisher.stop();
    await mirror.end();
    await bus.close();
  });

  it('runFeed passes the heartbeat settings to the publisher and the mirror', async () => {
    const bus = createInProcessBus();
    const silence = new ManualClock(START);
    const owner = await runFeed({ role: 'both', bus, source: world(), autoStart: false });
    const consumer = await runFeed({
      role: 'consumer',
      bus,
      heartbeat: { staleAfterMs: 5_000, checkEveryMs: 10, now: () => silence.now() },
    });
    await eventually(() => consumer.feed.stale?.() === false, 'the consumer to be fresh');
    await owner.stop();
    await drain(bus);
    silence.advance(5_001);
    expect(consumer.feed.stale?.()).toBe(true);
    expect(owner.feed.stale).toBeUndefined();
    await consumer.stop();
    await bus.close();
  });
});
