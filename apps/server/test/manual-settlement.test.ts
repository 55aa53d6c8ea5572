import { randomBytes } from 'node:crypto';
import {
  eventHubGroup,
  ODDS_HUB_CODES,
  type MarketInfo,
  type MarketResult,
  type OddsV2,
  type UserLimit,
} from '@backlay/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fancyMarket, matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { SimulatedFeed } from '@backlay/feed-simulator';
import { ManualClock, type ExchangeMarket, type FeedEvent, type MarketFeed } from '@backlay/market-feed';
import { buildApp } from '../src/app';
import { num, queryRows } from '../src/betting/sql-rows';
import { createRedisBus, type Bus } from '../src/platform/bus';
import type { Config } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db/database';
import { seedDemoDomains } from '../src/settings/seed';
import { runFeed, type RunningFeed } from '../src/sports/feed/run-feed';
import { demoPlayer, expectLedgerBalanced, placeOk, settle, walletOf } from './betting-helpers';
import {
  backends,
  createTestApp,
  openTestDatabase,
  scratchPostgres,
  testConfig,
  type TestContext,
} from './harness';
import { call, expectOk, expectRefused } from './helpers';

/*
 * An operator settles or voids a market by hand (POST /admin/markets/settle) while the feed may
 * still be quoting it: from then on no server offers it (market list, odds, limits, hub pushes),
 * on the server that took the call, on the others, and on any that starts later.
 */

const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [1.98], lay: [2.0] },
];
const START = Date.UTC(2026, 10, 21, 14, 0);

let seq = 0;

/** The market ids an event's three reads (market list, odds, limits) offer. */
async function offered(app: FastifyInstance, eventId: number) {
  const query = { eventId: String(eventId) };
  const markets = expectOk(await call<MarketInfo[]>(app, { url: '/Market/GetByEventId', query }));
  const odds = expectOk(await call<OddsV2>(app, { url: '/Odds/GetUserOddsV2', query }));
  const limits = expectOk(await call<UserLimit[]>(app, { url: '/Odds/GetUserLimits', query }));
  return {
    markets: markets.map((m) => m.id).sort(),
    odds: [...odds.matchOdds, ...odds.bookmaker, ...odds.fancy, ...odds.toss].map((m) => m.id).sort(),
    limits: limits.map((l) => l.marketId).sort(),
  };
}

/** True when none of the three reads offers the market, and they answer (the event is still on). */
async function notOffered(app: FastifyInstance, eventId: number, marketId: string): Promise<boolean> {
  const seen = await offered(app, eventId);
  return ![...seen.markets, ...seen.odds, ...seen.limits].includes(marketId);
}

async function eventually(check: () => Promise<boolean> | boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Push = { group: string; code: string; data: Record<string, unknown> };

/** What a server's hub is asked to send to groups, from now on. */
function recordPushes(app: FastifyInstance): Push[] {
  const pushes: Push[] = [];
  const send = app.hub.sendToGroup.bind(app.hub);
  vi.spyOn(app.hub, 'sendToGroup').mockImplementation((group, push) => {
    // The event page's pushes; the lists' once-a-second price pushes (list-prices) run on their
    // own clock and are tested in list-prices.test.ts.
    if (push.Code !== 'ListPrices') pushes.push({ group, code: push.Code, data: push.Data });
    return send(group, push);
  });
  return pushes;
}

/** The markets a pushed change or snapshot carries, with their status. */
function pushedMarkets(push: Push): { id: string; status: string; result?: MarketResult }[] {
  const odds = (push.code === ODDS_HUB_CODES.snapshot ? push.data.odds : push.data) as Record<
    string,
    unknown
  >;
  return ['matchOdds', 'bookmaker', 'fancy', 'toss'].flatMap(
    (group) => (odds[group] ?? []) as { id: string; status: string; result?: MarketResult }[],
  );
}

/** An upcoming football match's match odds (no in-play bet delay), with a runner's best back price. */
function upcomingMatchOdds(feed: MarketFeed, skip: string[] = []) {
  for (const fixture of feed.fixtures()) {
    if (fixture.status !== 'UPCOMING') continue;
    const market = feed
      .odds(fixture.eventId)
      ?.markets.find(
        (m): m is ExchangeMarket => m.type === 'MATCH_ODDS' && m.status === 'OPEN' && !skip.includes(m.id),
      );
    const runner = market?.runners.find((r) => r.back[0]);
    if (market && runner?.back[0]) {
      return { market, eventId: fixture.eventId, runnerId: runner.id, price: runner.back[0].price / 100 };
    }
  }
  throw new Error('no upcoming match odds');
}

function footballWorld(clock: ManualClock, upcoming: number) {
  return new SimulatedFeed({
    clock,
    seed: 77,
    eventIdBase: 7_000_000,
    sports: {
      football: { inPlay: 0, upcoming },
      cricket: null,
      tennis: null,
      kabaddi: null,
      horseRacing: null,
    },
  });
}

describe.each(backends)('a market settled by hand (%s)', (backend) => {
  const feed = new TestFeed();
  let ctx: TestContext;

  function newMatchOdds(eventId = 4000 + seq + 1) {
    seq += 1;
    const m = { marketId: `4.${seq}`, eventId };
    feed.setMarket(matchOddsMarket({ id: m.marketId, eventId, runners: RUNNERS }));
    return m;
  }

  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
  });
  afterAll(async () => {
    await expectLedgerBalanced(ctx.database.db);
    await ctx.close();
  });

  it('a refused result is not recorded: the market stays open and settles on the right result', async () => {
    const m = newMatchOdds();
    seq += 1;
    const f = { marketId: `9.${seq}`, eventId: 4000 + seq };
    feed.setMarket(
      fancyMarket({ id: f.marketId, eventId: f.eventId, noLine: 30, noRate: 100, yesLine: 30, yesRate: 100 }),
    );
    const p = await demoPlayer(ctx);
    await placeOk(ctx, p, { type: 1, rate: 2, stake: 100, runnerId: 11, ...m });
    await placeOk(ctx, p, { type: 3, rate: 100, stake: 100, fancyValue: 30, ...f });
    expectRefused(
      await settle(ctx, m.marketId, { kind: 'winner', runnerId: 77 }),
      400,
      'BAD_REQUEST',
      /Runner 77/,
    );
    expectRefused(await settle(ctx, f.marketId, { kind: 'winner', runnerId: 11 }), 400, 'BAD_REQUEST');
    expect((await offered(ctx.app, m.eventId)).odds).toEqual([m.marketId]);

    await placeOk(ctx, p, { type: 1, rate: 2, stake: 100, runnerId: 11, ...m });
    expect(expectOk(await settle(ctx, m.marketId, { kind: 'winner', runnerId: 11 }))).toEqual({
      marketId: m.marketId,
      settledUsers: 1,
      settledBets: 2,
      alreadySettled: false,
    });
    expectOk(await settle(ctx, f.marketId, { kind: 'runs', runs: 31 }));
    // +₹200 on the two backs at 2.00, +₹100 on the session's yes at 100.
    expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_530_000, exposure: 0 });
  });

  it('is offered no more by this server, though the feed still quotes it: reads, and pushes', async () => {
    const m = newMatchOdds();
    const other = newMatchOdds(m.eventId);
    const both = [m.marketId, other.marketId].sort();
    expect(await offered(ctx.app, m.eventId)).toEqual({ markets: both, odds: both, limits: both });
    const p = await demoPlayer(ctx);
    await placeOk(ctx, p, { type: 1, rate: 2, stake: 100, runnerId: 11, ...m });
    const pushes = recordPushes(ctx.app);

    expectOk(await settle(ctx, m.marketId, { kind: 'void', reason: 'Abandoned' }));
    // This feed cannot take a market off: it still quotes it, the server leaves it out.
    expect(
      feed
        .odds(m.eventId)
        ?.markets.map((x) => x.id)
        .sort(),
    ).toEqual(both);
    const left = [other.marketId];
    expect(await offered(ctx.app, m.eventId)).toEqual({ markets: left, odds: left, limits: left });
    // The event's page got a picture without it...
    expect(pushes.map((x) => [x.group, x.code, pushedMarkets(x).map((y) => y.id)])).toEqual([
      [eventHubGroup(m.eventId), ODDS_HUB_CODES.snapshot, left],
    ]);
    // ...and the feed's later changes go out without it.
    feed.emitChange(m.eventId, [m.marketId, other.marketId]);
    expect(pushes.slice(1).map((x) => [x.code, pushedMarkets(x).map((y) => y.id)])).toEqual([
      [ODDS_HUB_CODES.change, left],
    ]);
    feed.emitChange(m.eventId, [m.marketId]);
    const last = pushes.at(-1);
    expect(last && [last.code, last.data.version, pushedMarkets(last)]).toEqual([
      ODDS_HUB_CODES.change,
      feed.odds(m.eventId)?.version,
      [],
    ]);
    // The feed closing it later, with another result, settles nothing twice.
    const journals = await journalCount(ctx.database);
    feed.close(m.marketId, { kind: 'winner', runnerId: 11 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await journalCount(ctx.database)).toBe(journals);
    expect(await walletOf(ctx.database.db, p.userId)).toEqual({ balance: 1_500_000, exposure: 0 });
    vi.restoreAllMocks();
  });
});

async function journalCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(database.db, sql`select count(*) as n from journals`);
  return num(row?.n);
}

describe.each(backends)('a market settled by hand on the simulated feed (%s)', (backend) => {
  it('comes off the feed at once, and the match played out never closes or settles it again', async () => {
    const clock = new ManualClock(START);
    const feed = footballWorld(clock, 1);
    const ctx = await createTestApp(backend, {}, { feed });
    try {
      const { market, eventId, runnerId, price } = upcomingMatchOdds(feed);
      const events: FeedEvent[] = [];
      feed.subscribe((e) => events.push(e));
      const p = await demoPlayer(ctx);
      await placeOk(ctx, p, { type: 1, rate: price, stake: 100, runnerId, eventId, marketId: market.id });
      const pushes = recordPushes(ctx.app);

      const result: MarketResult = { kind: 'winner', runnerId };
      expect(expectOk(await settle(ctx, market.id, result))).toMatchObject({ settledBets: 1 });
      expect(feed.market(market.id)).toMatchObject({ status: 'CLOSED', result });
      expect(await notOffered(ctx.app, eventId, market.id)).toBe(true);
      expect(
        pushes.map((x) => [x.group, x.code, pushedMarkets(x).map((y) => [y.id, y.status, y.result])]),
      ).toEqual([[eventHubGroup(eventId), ODDS_HUB_CODES.change, [[market.id, 'CLOSED', result]]]]);
      const wallet = await walletOf(ctx.database.db, p.userId);
      expect(wallet.exposure).toBe(0);
      const journals = await journalCount(ctx.database);

      // Play the match to its end: the feed decides the other markets, never this one again.
      for (let i = 0; i < 6 * 60 && feed.fixture(eventId)?.status !== 'CLOSED'; i++) {
        clock.advance(60_000);
        feed.advanceTo(clock.now());
      }
      expect(feed.fixture(eventId)?.status).toBe('CLOSED');
      const decided = events.flatMap((e) =>
        e.type === 'marketClosed' && e.eventId === eventId ? [e.marketId] : [],
      );
      expect(decided.length).toBeGreaterThan(0);
      expect(decided).not.toContain(market.id);
      const mentions = pushes.slice(1).filter((x) => pushedMarkets(x).some((y) => y.id === market.id));
      expect(mentions).toEqual([]);
      // The markets the feed decided are settled in the background; wait for them before looking.
      await eventually(async () => {
        const [row] = await queryRows<{ n: unknown }>(
          ctx.database.db,
          sql`select count(*) as n from markets where settled_at is not null and id in (${sql.join(
            decided.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        return num(row?.n) === decided.length;
      }, 'the decided markets to settle');
      expect(await walletOf(ctx.database.db, p.userId)).toEqual(wallet);
      expect(await journalCount(ctx.database)).toBe(journals);
      await expectLedgerBalanced(ctx.database.db);
    } finally {
      vi.restoreAllMocks();
      await ctx.close();
    }
  }, 60_000);
});

describe.each(backends)('a server started after a market was settled by hand (%s)', (backend) => {
  it('does not offer it, whether its feed can take it off (simulator) or not (a provider)', async () => {
    const database = await openTestDatabase(backend);
    await seedDemoDomains(database.db);
    const config = testConfig();
    const apps = new Set<FastifyInstance>();
    const start = async (feed: MarketFeed) => {
      const app = await buildApp({ config, database, feed });
      await app.ready();
      apps.add(app);
      const close = async () => {
        apps.delete(app);
        await app.close();
      };
      return { app, database, config, close };
    };
    try {
      // A provider's feed, which knows nothing of the operator, quotes the market again after a restart.
      const quote = () =>
        new TestFeed()
          .setMarket(matchOddsMarket({ id: '5.1', eventId: 5001, runners: RUNNERS }))
          .setMarket(matchOddsMarket({ id: '5.2', eventId: 5001, runners: RUNNERS }));
      const first = await start(quote());
      expectOk(await settle(first, '5.1', { kind: 'void', reason: 'Abandoned' }));
      await first.close();
      const second = await start(quote());
      expect((await offered(second.app, 5001)).odds).toEqual(['5.2']);

      // The simulator replays the same world from the same seed and start: the market comes off it.
      const world = await start(footballWorld(new ManualClock(START), 1));
      const { market, eventId } = upcomingMatchOdds(world.app.feed as MarketFeed);
      expectOk(await settle(world, market.id, { kind: 'void', reason: 'Abandoned' }));
      await world.close();
      const again = footballWorld(new ManualClock(START), 1);
      expect(again.market(market.id)?.status).toBe('OPEN');
      const restarted = await start(again);
      expect(again.market(market.id)).toMatchObject({ status: 'CLOSED', result: { kind: 'void' } });
      expect(await notOffered(restarted.app, eventId, market.id)).toBe(true);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  }, 60_000);
});

/*
 * Scaled out: server A owns the simulated feed and publishes it on Redis; server B mirrors it. Each
 * has its own pool on one PostgreSQL database and its own Redis connections.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.runIf(DATABASE_URL && REDIS_URL)('a market settled by hand, two servers on Redis', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  const prefix = `backlay-test-closure:${randomBytes(4).toString('hex')}:`;
  const clock = new ManualClock(START);
  const source = footballWorld(clock, 3);
  const databases: Database[] = [];
  const buses: Bus[] = [];
  const feeds: RunningFeed[] = [];
  const apps: FastifyInstance[] = [];
  let config: Config;
  let dbUrl = '';

  async function server(role: 'both' | 'consumer') {
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 5 });
    databases.push(database);
    const bus = createRedisBus(REDIS_URL as string, { prefix });
    buses.push(bus);
    const running = await runFeed(
      role === 'both' ? { role, bus, source, autoStart: false } : { role: 'consumer', bus },
    );
    feeds.push(running);
    if (role === 'consumer') await eventually(() => running.feed.fixtures().length > 0, 'the mirror in sync');
    const app = await buildApp({ config, database, bus, feed: running.feed, feedRole: role });
    await app.ready();
    apps.push(app);
    return { app, feed: running.feed, ctx: { app, database, config, close: async () => undefined } };
  }

  beforeAll(async () => {
    scratch = await scratchPostgres('backlay_closure');
    dbUrl = scratch.url;
    const seeding = await openDatabase({ databaseUrl: dbUrl, poolSize: 5 });
    await seedDemoDomains(seeding.db);
    await seeding.close();
    config = testConfig({ REDIS_URL: REDIS_URL as string, REDIS_PREFIX: prefix });
  }, 60_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    for (const app of apps) await app.close();
    for (const running of feeds) await running.stop();
    for (const bus of buses) await bus.close();
    for (const database of databases) await database.close();
    await scratch.drop();
  });

  it('settled through either server, neither offers it; the owner takes it off the feed and pushes that', async () => {
    const a = await server('both');
    const b = await server('consumer');
    const pushes = recordPushes(a.app);
    const first = upcomingMatchOdds(a.feed);
    const second = upcomingMatchOdds(a.feed, [first.market.id]);
    for (const m of [first, second]) {
      expect(await notOffered(a.app, m.eventId, m.market.id)).toBe(false);
      expect(await notOffered(b.app, m.eventId, m.market.id)).toBe(false);
    }
    const p = await demoPlayer(b.ctx);
    await placeOk(b.ctx, p, {
      type: 1,
      rate: second.price,
      stake: 100,
      runnerId: second.runnerId,
      eventId: second.eventId,
      marketId: second.market.id,
    });

    // Through the owner, read on the other server.
    expectOk(await settle(a.ctx, first.market.id, { kind: 'void', reason: 'Abandoned' }));
    expect(await notOffered(a.app, first.eventId, first.market.id)).toBe(true);
    await eventually(() => notOffered(b.app, first.eventId, first.market.id), 'server B to drop it');

    // Through the other server, read on the owner.
    const result: MarketResult = { kind: 'winner', runnerId: second.runnerId };
    expect(expectOk(await settle(b.ctx, second.market.id, result))).toMatchObject({ settledBets: 1 });
    expect(await notOffered(b.app, second.eventId, second.market.id)).toBe(true);
    await eventually(() => notOffered(a.app, second.eventId, second.market.id), 'server A to drop it');
    await eventually(() => source.market(second.market.id)?.status === 'CLOSED', 'the feed to close it');
    expect(source.market(second.market.id)?.result).toEqual(result);
    await eventually(() => b.feed.market(second.market.id)?.status === 'CLOSED', 'the mirror to follow');
    expect(await walletOf(b.ctx.database.db, p.userId)).toMatchObject({ exposure: 0 });

    // The feed plays on; neither market comes back on either server, or on one that starts now.
    clock.advance(120_000);
    source.advanceTo(clock.now());
    const c = await server('consumer');
    await new Promise((r) => setTimeout(r, 200));
    for (const app of [a.app, b.app, c.app]) {
      expect(await notOffered(app, first.eventId, first.market.id)).toBe(true);
      expect(await notOffered(app, second.eventId, second.market.id)).toBe(true);
    }
    // Each was pushed once more, CLOSED (clients drop it), by the owner only, and never again.
    for (const m of [first, second]) {
      expect(
        pushes
          .filter((x) => pushedMarkets(x).some((y) => y.id === m.market.id))
          .map((x) => [x.group, x.code, pushedMarkets(x).map((y) => [y.id, y.status])]),
      ).toEqual([[eventHubGroup(m.eventId), ODDS_HUB_CODES.change, [[m.market.id, 'CLOSED']]]]);
    }
  }, 60_000);
});
