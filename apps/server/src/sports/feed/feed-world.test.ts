import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedFeed, WorldCheckpoint } from '@backlay/feed-simulator';
import { ManualClock } from '@backlay/market-feed';
import type { Database } from '../../platform/db/database';
import { backends, openTestDatabase } from '../../../test/harness';
import { findFeedWorld } from './feed-world-repository';
import { FEED_WORLD_NAME } from './feed-world';
import { runFeed, type RunFeedOptions } from './run-feed';

const START = Date.UTC(2026, 10, 21, 9, 0);
const MINUTE = 60_000;
// A small world: a match of cricket and of football in play and one of each to come, and a race.
const sports = {
  cricket: { inPlay: 1, upcoming: 1 },
  football: { inPlay: 1, upcoming: 1 },
  tennis: null,
  kabaddi: null,
  horseRacing: { inPlay: 0, upcoming: 1 },
};

const simulatorOf = (running: { feed: unknown }) => running.feed as SimulatedFeed;

/**
 * The feed owner keeps its simulated world in the database, so a restart carries on the same events
 * and markets (the ids bets point at) instead of drawing a new world from the minute it starts.
 */
describe.each(backends)('the feed world kept in the database (%s)', { timeout: 120_000 }, (backend) => {
  let database: Database;
  const clock = new ManualClock(START);
  const options = (more: Partial<RunFeedOptions> = {}): RunFeedOptions => ({
    world: database.db,
    clock,
    seed: 77,
    simulator: { sports },
    autoStart: false,
    ...more,
  });
  // Migrations on PGlite may take a while on a busy machine.
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  }, 120_000);
  afterAll(() => database.close());

  it('a restart carries on the same world: same events, markets and ids, played on to now', async () => {
    const first = await runFeed(options());
    expect(first.world).toMatchObject({ resumed: false, ignoredSettings: [] });
    first.feed.start();
    clock.advance(40 * MINUTE);
    simulatorOf(first).advanceTo(clock.now());
    const before = simulatorOf(first).state();
    await first.stop();

    // The process is gone; two minutes later its successor starts on the same database.
    clock.advance(2 * MINUTE);
    const second = await runFeed(options());
    expect(second.world).toMatchObject({ resumed: true, ignoredSettings: [] });
    second.feed.start();
    expect(second.feed.fixtures().map((f) => f.eventId)).toEqual(before.fixtures.map((f) => f.eventId));
    for (const odds of before.odds) {
      for (const market of odds.markets) expect(second.feed.market(market.id)?.id).toBe(market.id);
    }
    // Exactly the world the first process would be showing now.
    simulatorOf(first).advanceTo(clock.now());
    expect(JSON.stringify(simulatorOf(second).state())).toBe(JSON.stringify(simulatorOf(first).state()));
    await second.stop();
  });

  it('keeps the settings the world was made with, and names those asked otherwise', async () => {
    const stored = await findFeedWorld(database.db, FEED_WORLD_NAME);
    const again = await runFeed(options({ seed: 78, timeScale: 10 }));
    expect(again.world?.resumed).toBe(true);
    expect(again.world?.ignoredSettings.sort()).toEqual(['seed', 'timeScale']);
    again.feed.start();
    expect(simulatorOf(again).checkpoint().seed).toBe(77);
    expect(simulatorOf(again).now()).toBe(clock.now());
    await again.stop();
    expect((await findFeedWorld(database.db, FEED_WORLD_NAME))?.settings).toEqual(stored?.settings);
  });

  it('a server down for hours crosses the gap in one coarse step, stored for the next restart', async () => {
    const lastStep = (await findFeedWorld(database.db, FEED_WORLD_NAME))?.lastStepAt ?? 0;
    expect(lastStep).toBe(clock.now());
    clock.advance(5 * 60 * MINUTE);
    const late = await runFeed(options());
    late.feed.start();
    expect(simulatorOf(late).now()).toBe(clock.now());
    // Step by step a little past the last step recorded (the old run may have played on a few
    // seconds), then one step to a second short of now.
    const [jump] = simulatorOf(late).checkpoint().jumps;
    expect(jump?.[0]).toBeGreaterThan(lastStep);
    expect(jump?.[0]).toBeLessThan(lastStep + 10 * MINUTE);
    expect(jump?.[1]).toBe(clock.now() - 1000);
    const state = simulatorOf(late).state();
    await late.stop();
    const row = await findFeedWorld(database.db, FEED_WORLD_NAME);
    expect((row?.checkpoint as WorldCheckpoint).jumps).toEqual([jump]);

    const after = await runFeed(options());
    after.feed.start();
    expect(JSON.stringify(simulatorOf(after).state())).toBe(JSON.stringify(state));
    await after.stop();
  });

  it('a world stored with the old market ids (checkpoint version 1) is replaced by a new one, said so', async () => {
    const old = await findFeedWorld(database.db, FEED_WORLD_NAME);
    // As a run before market ids survived parseFloat stored it.
    await database.db.execute(
      sql`update feed_worlds set checkpoint = jsonb_set(checkpoint, '{version}', '1') where name = ${FEED_WORLD_NAME}`,
    );
    clock.advance(MINUTE);
    const next = await runFeed(options());
    expect(next.world).toMatchObject({ resumed: false, replacedVersion: 1 });
    next.feed.start();
    const row = await findFeedWorld(database.db, FEED_WORLD_NAME);
    expect((row?.checkpoint as WorldCheckpoint).version).toBe(2);
    expect(row?.clockOrigin).toBe(clock.now());
    expect(row?.clockOrigin).not.toBe(old?.clockOrigin);
    const ids = next.feed
      .fixtures()
      .flatMap((f) => next.feed.odds(f.eventId)?.markets.map((m) => m.id) ?? []);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect(String(parseFloat(id))).toBe(id);
    }
    await next.stop();
    // The new world is carried on from now on.
    const again = await runFeed(options());
    expect(again.world).toMatchObject({ resumed: true, replacedVersion: null });
    await again.stop();
  });
});
