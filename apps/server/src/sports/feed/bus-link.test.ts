import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createInProcessBus, createRedisBus } from '../../platform/bus';
import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock, type FeedEvent } from '@backlay/market-feed';
import { FEED_CHANNELS, FeedMirror, publishFeed } from './bus-link';
import { runFeed } from './run-feed';

const START = Date.UTC(2026, 10, 21, 14, 0);

function world(seed = 3) {
  const clock = new ManualClock(START);
  return { clock, feed: new SimulatedFeed({ clock, seed, eventIdBase: 7_000_000 }) };
}

/** Lets queued microtasks (the publisher's per-step flush) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function stepAndSettle(feed: SimulatedFeed, clock: ManualClock, seconds: number) {
  for (let i = 0; i < seconds; i++) {
    clock.advance(1000);
    feed.advanceTo(clock.now());
    await settle();
  }
}

function sameView(a: { fixtures(): unknown; odds(id: number): unknown }, b: typeof a, ids: number[]) {
  expect(JSON.stringify(b.fixtures())).toBe(JSON.stringify(a.fixtures()));
  for (const id of ids) expect(JSON.stringify(b.odds(id))).toBe(JSON.stringify(a.odds(id)));
}

describe('feed over the bus', () => {
  it('a mirror that joins late catches up from the state and then follows every change', async () => {
    const bus = createInProcessBus();
    const { clock, feed } = world();
    const publisher = await publishFeed(feed, bus, 'pub-1');
    await stepAndSettle(feed, clock, 30);
    const mirror = new FeedMirror(bus, { id: 'm-1' });
    const seen: FeedEvent[] = [];
    mirror.subscribe((e) => seen.push(e));
    await mirror.begin();
    await settle();
    expect(mirror.isSynced()).toBe(true);
    await stepAndSettle(feed, clock, 120);
    const ids = feed.fixtures().map((f) => f.eventId);
    sameView(feed, mirror, ids);
    // A race's countdown ticks at read time on the publisher; the mirror holds the last pushed card.
    const steady = (card: unknown) =>
      JSON.stringify(card, (k, v: unknown) => (k === 'countdownSeconds' || k === 'summary' ? 0 : v));
    for (const id of ids) expect(steady(mirror.scoreCard(id))).toBe(steady(feed.scoreCard(id)));
    expect(seen.filter((e) => e.type === 'oddsChanged').length).toBeGreaterThan(50);
    await publisher.stop();
    await mirror.end();
    await bus.close();
  });

  it('a fixture added later arrives whole: its opening markets and scorecard', async () => {
    const bus = createInProcessBus();
    const clock = new ManualClock(START);
    const none = { cricket: null, football: null, tennis: null, kabaddi: null };
    const feed = new SimulatedFeed({
      clock,
      seed: 5,
      eventIdBase: 8_000_000,
      sports: { ...none, horseRacing: { inPlay: 0, upcoming: 2, spacingMs: 120_000 } },
    });
    const publisher = await publishFeed(feed, bus, 'pub-1');
    const mirror = new FeedMirror(bus, { id: 'm-1' });
    await mirror.begin();
    const added: number[] = [];
    feed.on('fixtureAdded', (e) => added.push(e.fixture.eventId));
    for (let i = 0; i < 600 && added.length === 0; i++) await stepAndSettle(feed, clock, 1);
    await settle();
    const id = added[0] as number;
    expect(id).toBeDefined();
    expect(mirror.odds(id)?.markets.length).toBeGreaterThan(0);
    expect(JSON.stringify(mirror.odds(id))).toBe(JSON.stringify(feed.odds(id)));
    expect(mirror.scoreCard(id)?.eventId).toBe(id);
    await publisher.stop();
    await mirror.end();
  });

  it('a mirror that misses a message resynchronises instead of drifting', async () => {
    const bus = createInProcessBus();
    const { clock, feed } = world();
    const publisher = await publishFeed(feed, bus, 'pub-1');
    const mirror = new FeedMirror(bus, { id: 'm-1' });
    await mirror.begin();
    await settle();
    await stepAndSettle(feed, clock, 5);
    // Drop one batch on the way: the mirror sees a gap in the numbering.
    const realPublish = bus.publish.bind(bus);
    let dropped = 0;
    bus.publish = async (channel, payload) => {
      if (channel === FEED_CHANNELS.events && dropped === 0) {
        dropped += 1;
        return;
      }
      return realPublish(channel, payload);
    };
    await stepAndSettle(feed, clock, 10);
    expect(dropped).toBe(1);
    expect(mirror.isSynced()).toBe(true);
    sameView(
      feed,
      mirror,
      feed.fixtures().map((f) => f.eventId),
    );
    await publisher.stop();
    await mirror.end();
  });

  it('runFeed: the publisher process runs the simulator, a consumer process mirrors it', async () => {
    const bus = createInProcessBus();
    const clock = new ManualClock(START);
    const publisher = await runFeed({
      role: 'both',
      bus,
      clock,
      seed: 8,
      simulator: { eventIdBase: 9_000_000 },
    });
    const consumer = await runFeed({ role: 'consumer', bus });
    await settle();
    expect(publisher.feed).toBeInstanceOf(SimulatedFeed);
    expect(consumer.feed).toBeInstanceOf(FeedMirror);
    const sim = publisher.feed as SimulatedFeed;
    for (let i = 0; i < 20; i++) {
      clock.advance(1000);
      sim.advanceTo(clock.now());
      await settle();
    }
    sameView(
      publisher.feed,
      consumer.feed,
      publisher.feed.fixtures().map((f) => f.eventId),
    );
    await consumer.stop();
    await publisher.stop();
    await bus.close();
  });

  it('runFeed refuses a consumer without a bus', async () => {
    await expect(runFeed({ role: 'consumer' })).rejects.toThrow(/bus/);
  });
});

/** Polls until `check` holds (Redis delivers asynchronously), or fails after `ms`. */
async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Runs where a Redis is configured (REDIS_URL), as the other scale-out tests do.
describe.runIf(process.env.REDIS_URL)('feed over Redis: one publisher process, one consumer process', () => {
  it('the consumer mirrors the publisher exactly', async () => {
    const url = process.env.REDIS_URL as string;
    const prefix = `backlay-feed-${randomBytes(4).toString('hex')}:`;
    const busA = createRedisBus(url, { prefix });
    const busB = createRedisBus(url, { prefix });
    const clock = new ManualClock(START);
    const publisher = await runFeed({
      role: 'both',
      bus: busA,
      clock,
      seed: 8,
      simulator: { eventIdBase: 9_000_000 },
    });
    const consumer = await runFeed({ role: 'consumer', bus: busB });
    const mirror = consumer.feed as FeedMirror;
    await eventually(() => mirror.isSynced());
    const sim = publisher.feed as SimulatedFeed;
    for (let i = 0; i < 30; i++) {
      clock.advance(1000);
      sim.advanceTo(clock.now());
      await settle();
    }
    const ids = sim.fixtures().map((f) => f.eventId);
    await eventually(() => ids.every((id) => mirror.odds(id)?.version === sim.odds(id)?.version));
    sameView(sim, mirror, ids);
    await consumer.stop();
    await publisher.stop();
    await busB.close();
    await busA.close();
  });
});
