import { randomBytes } from 'node:crypto';
import { ODDS_HUB_CODES, type UserLimit, type OddsV2 } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock, type ExchangeMarket, type MarketFeed } from '@backlay/market-feed';
import { buildApp } from '../src/app';
import { createInProcessBus, createRedisBus, type Bus } from '../src/platform/bus';
import { seedDemoDomains } from '../src/settings/seed';
import { runFeed, type RunningFeed } from '../src/sports/feed/run-feed';
import { demoPlayer, place, type PlaceResult } from './betting-helpers';
import { backends, openTestDatabase, testConfig, type Backend, type TestContext } from './harness';
import { call, expectOk, expectRefused } from './helpers';
import { hubUrlOf, startHubClient, type Push } from './hub-client';

/*
 * The feed's owner goes down while another server serves players. That server stops hearing the
 * owner's heartbeat; past the threshold it suspends every market, tells its own hub connections,
 * refuses bets with PRICES_STALE, and lifts all that when an owner is heard again. On PGlite the two
 * servers share an in-process bus; with DATABASE_URL and REDIS_URL, PostgreSQL and Redis as deployed.
 */

const START = Date.UTC(2026, 10, 21, 14, 0);
const STALE_AFTER_MS = 10_000;
const CLIENT = { Browser: 'vitest', Domain: 'localhost', CurrentPage: '/markets' };

type Case = { name: string; backend: Backend; redis: boolean };
const cases: Case[] = [
  { name: 'pglite, one in-process bus', backend: 'pglite', redis: false },
  ...(backends.includes('postgres') && process.env.REDIS_URL
    ? [{ name: 'postgres and redis', backend: 'postgres' as const, redis: true }]
    : []),
];

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Resolves once everything `from` published before it has reached `to`. */
async function drain(from: Bus, to: Bus): Promise<void> {
  let seen = false;
  const off = await to.subscribe('test:drain', () => {
    seen = true;
  });
  await from.publish('test:drain', 'x');
  await eventually(() => seen, 'the bus to drain');
  await off();
}

function footballWorld(clock: ManualClock) {
  return new SimulatedFeed({
    clock,
    seed: 91,
    eventIdBase: 7_500_000,
    sports: {
      football: { inPlay: 0, upcoming: 2 },
      cricket: null,
      tennis: null,
      kabaddi: null,
      horseRacing: null,
    },
  });
}

/** An upcoming match odds market (no in-play delay) with a runner's best back price. */
function upcomingMatchOdds(feed: MarketFeed) {
  for (const fixture of feed.fixtures()) {
    if (fixture.status !== 'UPCOMING') continue;
    const market = feed
      .odds(fixture.eventId)
      ?.markets.find((m): m is ExchangeMarket => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
    const runner = market?.runners.find((r) => r.back[0]);
    if (market && runner?.back[0]) {
      return {
        marketId: market.id,
        eventId: fixture.eventId,
        runnerId: runner.id,
        rate: runner.back[0].price / 100,
      };
    }
  }
  throw new Error('no upcoming match odds market');
}

/** The status of a market in a pushed snapshot, or undefined when the push is not one holding it. */
function snapshotStatus(push: Push, marketId: string): string | undefined {
  if (push.Code !== ODDS_HUB_CODES.snapshot) return undefined;
  const odds = push.Data.odds as OddsV2;
  return [...odds.matchOdds, ...odds.bookmaker, ...odds.fancy, ...odds.toss].find((m) => m.id === marketId)
    ?.status;
}

describe.each(cases)('a silent feed owner ($name)', ({ backend, redis }) => {
  it('suspends every market on the other server, says so on its hub, refuses bets, and lifts it all when the owner is back', async () => {
    const database = await openTestDatabase(backend);
    await seedDemoDomains(database.db);
    const prefix = `backlay-test-heartbeat:${randomBytes(4).toString('hex')}:`;
    const newBus = () =>
      redis ? createRedisBus(process.env.REDIS_URL as string, { prefix }) : createInProcessBus();
    const shared = redis ? null : newBus();
    const busA = shared ?? newBus();
    const busB = shared ?? newBus();
    const config = testConfig(
      redis ? { REDIS_URL: process.env.REDIS_URL as string, REDIS_PREFIX: prefix } : {},
    );
    const source = footballWorld(new ManualClock(START));
    // Silence is measured on a clock the test moves; beats arrive as they come.
    const silence = new ManualClock(START);
    const apps: FastifyInstance[] = [];
    const feeds: RunningFeed[] = [];
    const startOwner = async () => {
      const running = await runFeed({
        role: 'both',
        bus: busA,
        source,
        autoStart: false,
        heartbeat: { everyMs: 50 },
      });
      feeds.push(running);
      const app = await buildApp({ config, database, bus: busA, feed: running.feed, feedRole: 'both' });
      await app.ready();
      apps.push(app);
      return { running, app };
    };
    try {
      let owner = await startOwner();
      const consumer = await runFeed({
        role: 'consumer',
        bus: busB,
        heartbeat: { staleAfterMs: STALE_AFTER_MS, checkEveryMs: 20, now: () => silence.now() },
      });
      feeds.push(consumer);
      const mirror = consumer.feed;
      await eventually(() => mirror.stale?.() === false, 'the mirror in step');
      const b = await buildApp({ config, database, bus: busB, feed: mirror, feedRole: 'consumer' });
      await b.ready();
      apps.push(b);
      await b.listen({ port: 0, host: '127.0.0.1' });
      const ctx: TestContext = { app: b, database, config, close: async () => undefined };

      const player = await demoPlayer(ctx);
      const m = upcomingMatchOdds(mirror);
      const bet = () =>
        place(ctx, player, {
          type: 1,
          rate: m.rate,
          stake: 100,
          runnerId: m.runnerId,
          eventId: m.eventId,
          marketId: m.marketId,
        });
      const placed: PlaceResult = expectOk(await bet());
      const marketStatus = async () => {
        const odds = expectOk(
          await call<OddsV2>(b, { url: '/Odds/GetUserOddsV2', query: { eventId: String(m.eventId) } }),
        );
        const limits = expectOk(
          await call<UserLimit[]>(b, { url: '/Odds/GetUserLimits', query: { eventId: String(m.eventId) } }),
        );
        return {
          status: odds.matchOdds.find((x) => x.id === m.marketId)?.status,
          suspended: limits.find((x) => x.marketId === m.marketId)?.limit.isSuspended,
        };
      };
      expect(await marketStatus()).toEqual({ status: 'OPEN', suspended: false });

      // A player's page on server B: registered (it gets the balance as it is), then on the event.
      const { connection: client, inbox } = await startHubClient(hubUrlOf(b), player.token);
      try {
        await client.invoke('RegisterClient', { ...CLIENT, Token: player.token });
        await eventually(() => inbox.some((x) => x.Code === 'UserBalance'), 'the balance on registration');
        expect(inbox.find((x) => x.Code === 'UserBalance')?.Data).toEqual({
          Balance: placed.balance,
          Exposure: placed.exposure,
          BonusBalance: 0,
        });
        await client.invoke('SendHeartbeat', { ...CLIENT, Token: player.token, GroupBy: String(m.eventId) });
        await eventually(
          () => inbox.some((x) => snapshotStatus(x, m.marketId) === 'OPEN'),
          'the page snapshot',
        );

        // The owner goes down: its beats stop. Not yet past the threshold, nothing changes.
        apps.splice(apps.indexOf(owner.app), 1);
        feeds.splice(feeds.indexOf(owner.running), 1);
        await owner.app.close();
        await owner.running.stop();
        await drain(busA, busB);
        const before = inbox.length;
        silence.advance(STALE_AFTER_MS);
        expect(await marketStatus()).toEqual({ status: 'OPEN', suspended: false });
        silence.advance(1);
        await eventually(
          () => inbox.slice(before).some((x) => snapshotStatus(x, m.marketId) === 'SUSPENDED'),
          'the hub to say the market is suspended',
        );
        // Once per server: server B told its own connection, and nobody else pushed it again.
        expect(inbox.slice(before).filter((x) => snapshotStatus(x, m.marketId) !== undefined)).toHaveLength(
          1,
        );
        expect(await marketStatus()).toEqual({ status: 'SUSPENDED', suspended: true });
        expectRefused(await bet(), 503, 'PRICES_STALE', /not coming in/);

        // The owner starts again: server B hears it, the market is back to its feed status.
        const resumed = inbox.length;
        owner = await startOwner();
        await eventually(
          () => inbox.slice(resumed).some((x) => snapshotStatus(x, m.marketId) === 'OPEN'),
          'the hub to say the market is open again',
        );
        expect(await marketStatus()).toEqual({ status: 'OPEN', suspended: false });
        expectOk(await bet());
      } finally {
        await client.stop();
      }
    } finally {
      for (const app of apps.reverse()) await app.close();
      for (const running of feeds) await running.stop();
      for (const bus of new Set([busA, busB])) await bus.close();
      await database.close();
    }
  }, 60_000);
});
